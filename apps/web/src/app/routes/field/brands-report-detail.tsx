import { Stack, Title } from '@mantine/core'
import { Navigate, useParams } from 'react-router'
import { formatDate } from '@storageops/contracts/brand-report-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useBrandsReport } from '../../../features/brand-reports/api/get-brands-report.ts'
import { isNotFound } from '../../../lib/api.ts'
import { PhotoGallery } from '../../../features/brand-reports/components/photo-gallery.tsx'
import { ReportSummary } from '../../../features/brand-reports/components/report-summary.tsx'

/** One brand-standards report (spec: snapshot-field-tool §2); a bad id or another facility's report goes to /404 (§8). */
export function BrandsReportDetailPage() {
  const { siteCode = '', reportId = '' } = useParams()
  const id = /^\d{1,10}$/.test(reportId) ? Number(reportId) : null
  const report = useBrandsReport(id)
  if (id === null || (report.isError && isNotFound(report.error))) return <Navigate to="/404" replace />
  if (report.data && isOtherCase(siteCode, report.data.location.location_code))
    return <CanonicalRedirect typed={siteCode} canonical={report.data.location.location_code} />
  if (report.data && report.data.location.location_code !== siteCode) return <Navigate to="/404" replace />
  if (report.isError) return <FormError title="The report could not be loaded" message={report.error.message} />
  if (!report.data) return <PageLoader label="Loading report…" />
  const current = report.data
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[
          { label: 'Dashboard', to: '/snapshot/dashboard' },
          { label: 'Brand Standards Reports', to: `/snapshot/${siteCode}/brands-report/archive` },
          { label: formatDate(current.report_submit_at) },
        ]}
        title="Brand Standards Report"
        description={`${current.location.name} (${current.location.location_code}) · Report #${current.id}`}
      />
      <ReportSummary report={current} />
      <Title order={2} fz="h3">
        Photos by brand standard
      </Title>
      <PhotoGallery groups={current.brand_standard_reports} />
    </Stack>
  )
}
