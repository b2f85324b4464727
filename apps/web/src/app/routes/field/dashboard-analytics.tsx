import '@mantine/charts/styles.css'
import { Box } from '@mantine/core'
import { BRANDS_TEXT } from '@storageops/contracts/brand-report-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { usePostAnalyticsHeight } from '../../../features/dashboard/analytics-height.ts'
import { useAnalyticsReport } from '../../../features/dashboard/api/get-analytics-report.ts'
import { AnalyticsReportCharts } from '../../../features/dashboard/components/analytics-report-charts.tsx'

/**
 * The built-in analytics report (issue 6) the Dashboard frame loads when ANALYTICS_EMBED_ENDPOINT is unset. Framed,
 * it is as tall as its content and tells the Dashboard its height, so the frame never scrolls on its own (issue 18).
 */
export function DashboardAnalyticsPage() {
  const report = useAnalyticsReport()
  const isFramed = window.parent !== window
  usePostAnalyticsHeight(isFramed)
  return (
    <Box component="main" bg="gray.0" mih={isFramed ? undefined : '100vh'}>
      {report.isPending ? (
        <PageLoader label="Loading analytics…" />
      ) : report.isError ? (
        <Box p="md">
          <FormError title={BRANDS_TEXT.embedFailed} message={report.error.message} />
        </Box>
      ) : (
        <AnalyticsReportCharts report={report.data} />
      )}
    </Box>
  )
}
