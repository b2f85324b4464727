import { Button, Stack } from '@mantine/core'
import { IconCamera } from '@tabler/icons-react'
import { Link, Navigate, useParams } from 'react-router'
import { BRANDS_TEXT } from '@storageops/contracts/brand-report-rules'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useBrandsFacility } from '../../../features/brand-reports/api/get-brands-facility.ts'
import { isNotFound } from '../../../lib/api.ts'
import { useFacilityBrandsReports } from '../../../features/brand-reports/api/get-facility-brands-reports.ts'
import { BrandsReportTable } from '../../../features/brand-reports/components/brands-report-table.tsx'

/** A facility's brand-standards reports (spec: snapshot-field-tool §2); an unknown site code goes to /404. */
export function BrandsReportArchivePage() {
  const { siteCode = '' } = useParams()
  const facility = useBrandsFacility(siteCode)
  const reports = useFacilityBrandsReports(facility.data?.id)
  if (facility.isError && isNotFound(facility.error)) return <Navigate to="/404" replace />
  if (facility.data && isOtherCase(siteCode, facility.data.location_code))
    return <CanonicalRedirect typed={siteCode} canonical={facility.data.location_code} />
  if (facility.isError) return <FormError title="The facility could not be loaded" message={facility.error.message} />
  if (!facility.data) return <PageLoader label="Loading reports…" />
  const location = facility.data
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[{ label: 'Dashboard', to: '/snapshot/dashboard' }, { label: 'Brand Standards Reports' }]}
        title="Brand Standards Reports"
        description={`${location.name} (${location.location_code})${reports.data ? ` · ${reports.data.entries.length} reports` : ''}`}
        actions={
          <Button
            component={Link}
            to={`/snapshot/${location.location_code}/brands-report/new`}
            leftSection={<IconCamera size={18} aria-hidden />}
          >
            New inspection
          </Button>
        }
      />
      {reports.isPending ? (
        <PageLoader label="Loading reports…" />
      ) : reports.isError ? (
        <FormError title="The reports could not be loaded" message={reports.error.message} />
      ) : reports.data.entries.length === 0 ? (
        <EmptyPanel>{BRANDS_TEXT.noReports}</EmptyPanel>
      ) : (
        <BrandsReportTable siteCode={location.location_code} reports={reports.data.entries} />
      )}
    </Stack>
  )
}
