import '@mantine/charts/styles.css'
import { Box } from '@mantine/core'
import { BRANDS_TEXT } from '@storageops/contracts/brand-report-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useAnalyticsReport } from '../../../features/dashboard/api/get-analytics-report.ts'
import { AnalyticsReportCharts } from '../../../features/dashboard/components/analytics-report-charts.tsx'

/** The built-in analytics report (issue 6) the Dashboard frame loads when ANALYTICS_EMBED_ENDPOINT is unset. */
export function DashboardAnalyticsPage() {
  const report = useAnalyticsReport()
  return (
    <Box component="main" bg="gray.0" mih="100vh">
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
