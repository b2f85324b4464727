import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconCamera } from '@tabler/icons-react'
import { Link, Navigate, useParams } from 'react-router'
import { BRANDS_TEXT } from '@storageops/contracts/brand-report-rules'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { isNotFoundError, useBrandsFacility } from '../../../features/brand-reports/api/get-brands-facility.ts'
import { useFacilityBrandsReports } from '../../../features/brand-reports/api/get-facility-brands-reports.ts'
import { BrandsReportTable } from '../../../features/brand-reports/components/brands-report-table.tsx'

/**
 * Brand-standards report list (spec: snapshot-field-tool §2 `/snapshot/{site_code}/brands-report/archive`):
 * a facility's reports, sortable by Date Time, Photos, Notes, Completed and User. An unknown site code goes to /404.
 */
export function BrandsReportArchivePage() {
  const { siteCode = '' } = useParams()
  const facility = useBrandsFacility(siteCode)
  const reports = useFacilityBrandsReports(facility.data?.id)
  if (facility.isError && isNotFoundError(facility.error)) return <Navigate to="/404" replace />
  if (facility.isError) return <Text c="red.9">The facility could not be loaded: {facility.error.message}</Text>
  if (!facility.data) return <PageLoader label="Loading reports…" />
  const location = facility.data
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/snapshot/dashboard" fz="sm">
          Dashboard
        </Anchor>
        <Text fz="sm" c="gray.7">
          Brand Standards Reports
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            Brand Standards Reports
          </Title>
          <Text c="gray.7">
            {location.name} ({location.location_code}){reports.data ? ` · ${reports.data.entries.length} reports` : ''}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={`/snapshot/${location.location_code}/brands-report/new`}
          leftSection={<IconCamera size={18} aria-hidden />}
        >
          New inspection
        </Button>
      </Group>
      {reports.isPending ? (
        <PageLoader label="Loading reports…" />
      ) : reports.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The reports could not be loaded">
          {reports.error.message}
        </Alert>
      ) : reports.data.entries.length === 0 ? (
        <Paper withBorder radius="md" p="xl" bg="white">
          <Text c="gray.7" ta="center">
            {BRANDS_TEXT.noReports}
          </Text>
        </Paper>
      ) : (
        <BrandsReportTable siteCode={location.location_code} reports={reports.data.entries} />
      )}
    </Stack>
  )
}
