import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core'
import { Link, Navigate, useParams } from 'react-router'
import { formatDate } from '@storageops/contracts/brand-report-rules'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useBrandsReport } from '../../../features/brand-reports/api/get-brands-report.ts'
import { isNotFoundError } from '../../../features/brand-reports/api/get-brands-facility.ts'
import { PhotoGallery } from '../../../features/brand-reports/components/photo-gallery.tsx'
import { ReportSummary } from '../../../features/brand-reports/components/report-summary.tsx'

/**
 * Brand-standards report detail (spec: snapshot-field-tool §2 `/snapshot/{site_code}/brands-report/{id}`):
 * date, submitted time, total photos, completed by, read-only notes, and the photos by brand standard
 * with the zoom gallery. A non-numeric id, an unknown report or one of another facility goes to /404 (spec §8).
 */
export function BrandsReportDetailPage() {
  const { siteCode = '', reportId = '' } = useParams()
  const id = /^\d{1,10}$/.test(reportId) ? Number(reportId) : null
  const report = useBrandsReport(id)
  if (id === null || (report.isError && isNotFoundError(report.error))) return <Navigate to="/404" replace />
  if (report.data && report.data.location.location_code !== siteCode) return <Navigate to="/404" replace />
  if (report.isError) return <Text c="red.9">The report could not be loaded: {report.error.message}</Text>
  if (!report.data) return <PageLoader label="Loading report…" />
  const current = report.data
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/snapshot/dashboard" fz="sm">
          Dashboard
        </Anchor>
        <Anchor component={Link} to={`/snapshot/${siteCode}/brands-report/archive`} fz="sm">
          Brand Standards Reports
        </Anchor>
        <Text fz="sm" c="gray.7">
          {formatDate(current.report_submit_at)}
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Brand Standards Report
        </Title>
        <Text c="gray.7">
          {current.location.name} ({current.location.location_code}) · Report #{current.id}
        </Text>
      </Stack>
      <ReportSummary report={current} />
      <Title order={2} fz="h3">
        Photos by brand standard
      </Title>
      <PhotoGallery groups={current.brand_standard_reports} />
    </Stack>
  )
}
