import { Stack } from '@mantine/core'
import { Navigate, useParams } from 'react-router'
import { FormError } from '../../../components/ui/form-error.tsx'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useBrandStandards } from '../../../features/brand-reports/api/get-brand-standards.ts'
import { useBrandsFacility } from '../../../features/brand-reports/api/get-brands-facility.ts'
import { isNotFound } from '../../../lib/api.ts'
import { InspectionForm } from '../../../features/brand-reports/components/inspection-form.tsx'

/** New inspection of a facility (issue 6, beyond the spec: reports must come from somewhere). */
export function BrandsReportNewPage() {
  const { siteCode = '' } = useParams()
  const facility = useBrandsFacility(siteCode)
  const standards = useBrandStandards()
  if (facility.isError && isNotFound(facility.error)) return <Navigate to="/404" replace />
  if (facility.data && isOtherCase(siteCode, facility.data.location_code))
    return <CanonicalRedirect typed={siteCode} canonical={facility.data.location_code} />
  if (facility.isError || standards.isError)
    return (
      <FormError title="The inspection could not be loaded" message={(facility.error ?? standards.error)?.message} />
    )
  if (!facility.data || !standards.data) return <PageLoader label="Loading checklist…" />
  const location = facility.data
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <PageHeader
        breadcrumbs={[
          { label: 'Inspection', to: '/snapshot/inspection' },
          { label: 'Reports', to: `/snapshot/${location.location_code}/brands-report/archive` },
        ]}
        title="Brand standards inspection"
        description={`${location.name} (${location.location_code})`}
      />
      <InspectionForm siteCode={location.location_code} standards={standards.data} />
    </Stack>
  )
}
