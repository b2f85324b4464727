import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconCamera } from '@tabler/icons-react'
import { Link } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useFacilitiesOverview } from '../../../features/dashboard/api/get-facilities-overview.ts'
import { AnalyticsFrame } from '../../../features/dashboard/components/analytics-frame.tsx'
import { FacilityOverviewTable } from '../../../features/dashboard/components/facility-overview-table.tsx'

/**
 * Dashboard (spec: snapshot-field-tool §2 `/snapshot/dashboard`, also served at `/dashboard`): the
 * embedded analytics report in a frame, then the sortable facility table.
 */
export function DashboardPage() {
  const overview = useFacilitiesOverview()
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/" fz="sm">
          Facility Search
        </Anchor>
        <Text fz="sm" c="gray.7">
          Dashboard
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            Dashboard
          </Title>
          <Text c="gray.7">Analytics and the state of every facility</Text>
        </Stack>
        <Button component={Link} to="/snapshot/inspection" leftSection={<IconCamera size={18} aria-hidden />}>
          New inspection
        </Button>
      </Group>
      <AnalyticsFrame />
      <Title order={2} fz="h3">
        Facilities
      </Title>
      {overview.isPending ? (
        <PageLoader label="Loading facilities…" />
      ) : overview.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The facility table could not be loaded">
          {overview.error.message}
        </Alert>
      ) : overview.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl" bg="white">
          <Text c="gray.7" ta="center">
            No facilities.
          </Text>
        </Paper>
      ) : (
        <FacilityOverviewTable rows={overview.data} />
      )}
    </Stack>
  )
}
