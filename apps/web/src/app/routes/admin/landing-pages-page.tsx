import { landingPagesResource } from '@storageops/contracts/content/landing-pages'
import { ResourceForm, type ResourceFormExtra } from '../../../components/ui/resource-form.tsx'
import { ResourceList } from '../../../components/ui/resource-list.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { useSnapshotFacilities } from '../../../features/facilities/api/get-snapshot-facilities.ts'
import { FacilityPicker } from '../../../features/landing-pages/components/facility-picker.tsx'

/** /landing-pages: #, Short Name, Full Name, Header Image, Actions and 'New Landing Page' (spec: admin-console-part-2 §2). */
export function LandingPagesPage() {
  return <ResourceList declaration={landingPagesResource} />
}

const facilityPicker = (
  facilities: ReturnType<typeof useSnapshotFacilities>,
): ResourceFormExtra<typeof landingPagesResource> => ({
  initialValues: (record) => ({ facilities_ids: record?.facilities_ids ?? [] }),
  render: (form) =>
    facilities.data ? (
      <FacilityPicker
        facilities={facilities.data}
        value={form.getValues().facilities_ids as unknown as number[]}
        onChange={(ids) => form.setFieldValue('facilities_ids', ids as unknown as string[])}
        error={form.errors.facilities_ids as string | undefined}
      />
    ) : (
      <SkeletonRows label="Loading facilities…" rows={3} />
    ),
})

/** /landing-pages/new and /landing-pages/{short_name}: the declared fields plus the facility picker (at least one). */
function LandingPageForm({ mode }: { mode: 'create' | 'edit' }) {
  const facilities = useSnapshotFacilities()
  return <ResourceForm declaration={landingPagesResource} mode={mode} extra={facilityPicker(facilities)} guardUnsaved />
}

export const NewLandingPagePage = () => <LandingPageForm mode="create" />
export const EditLandingPagePage = () => <LandingPageForm mode="edit" />
