import { Button, Stack, Title } from '@mantine/core'
import { IconCamera } from '@tabler/icons-react'
import { Link } from 'react-router'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useFacilitiesOverview } from '../../../features/dashboard/api/get-facilities-overview.ts'
import { AnalyticsFrame } from '../../../features/dashboard/components/analytics-frame.tsx'
import { FacilityOverviewTable } from '../../../features/dashboard/components/facility-overview-table.tsx'

/** Dashboard (spec: snapshot-field-tool §2). */
export function DashboardPage() {
  const overview = useFacilitiesOverview()
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[{ label: 'Facility Search', to: '/' }, { label: 'Dashboard' }]}
        title="Dashboard"
        description="Analytics and the state of every facility"
        actions={
          <Button component={Link} to="/snapshot/inspection" leftSection={<IconCamera size={18} aria-hidden />}>
            New inspection
          </Button>
        }
      />
      <AnalyticsFrame />
      <Title order={2} fz="h3">
        Facilities
      </Title>
      {overview.isPending ? (
        <PageLoader label="Loading facilities…" />
      ) : overview.isError ? (
        <FormError title="The facility table could not be loaded" message={overview.error.message} />
      ) : overview.data.length === 0 ? (
        <EmptyPanel>No facilities.</EmptyPanel>
      ) : (
        <FacilityOverviewTable rows={overview.data} />
      )}
    </Stack>
  )
}
