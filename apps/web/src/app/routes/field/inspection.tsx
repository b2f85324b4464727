import { useState } from 'react'
import { Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core'
import { IconChevronRight, IconSearch } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'
import type { FieldUser } from '@storageops/contracts/identity'
import { formatDate } from '@storageops/contracts/brand-report-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useFacilitiesOverview } from '../../../features/dashboard/api/get-facilities-overview.ts'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'

function FacilityChoice({ row }: { row: FacilityOverviewRow }) {
  return (
    <UnstyledButton
      component={Link}
      to={`/snapshot/${row.site_code}/brands-report/new`}
      aria-label={`Inspect ${row.facility_name}`}
    >
      <Paper withBorder radius="md" p="md" bg="white">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={700}>
              {row.facility_name}{' '}
              <Text span c="gray.7" fz="sm" fw={400}>
                {row.site_code}
              </Text>
            </Text>
            <Text fz="sm" c="gray.7">
              Last brand standards: {formatDate(row.last_brand_standards_at)}
            </Text>
          </Stack>
          <IconChevronRight aria-hidden color="var(--mantine-color-gray-6)" />
        </Group>
      </Paper>
    </UnstyledButton>
  )
}

/** Start an inspection (issue 6): the user's own facilities (as primary field staff) first, a search for any other. */
export function InspectionPage() {
  const overview = useFacilitiesOverview()
  const session = useStoredSession<FieldUser>('field')
  const [query, setQuery] = useState('')
  const fullName = session?.user.full_name
  const needle = query.trim().toLowerCase()
  const rows = overview.data ?? []
  const mine = rows.filter((row) => fullName && row.primary_field_staff?.full_name === fullName)
  const matching = needle
    ? rows
        .filter(
          (row) => row.facility_name.toLowerCase().includes(needle) || row.site_code.toLowerCase().includes(needle),
        )
        .slice(0, 20)
    : []
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <PageHeader
        breadcrumbs={[{ label: 'Dashboard', to: '/snapshot/dashboard' }, { label: 'Inspection' }]}
        title="New inspection"
      />
      <TextInput
        size="md"
        placeholder="Facility name or site code"
        aria-label="Find a facility"
        leftSection={<IconSearch size={18} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {overview.isPending ? (
        <PageLoader label="Loading facilities…" />
      ) : overview.isError ? (
        <FormError title="The facilities could not be loaded" message={overview.error.message} />
      ) : needle ? (
        <Stack gap="xs" component="section" aria-label="Matching facilities">
          {matching.length === 0 ? (
            <Text c="gray.7">No facility matches “{query.trim()}”.</Text>
          ) : (
            matching.map((row) => <FacilityChoice key={row.site_code} row={row} />)
          )}
        </Stack>
      ) : (
        <Stack gap="xs" component="section" aria-label="Your facilities">
          <Title order={2} fz="h4">
            Your facilities
          </Title>
          {mine.length === 0 ? (
            <Text c="gray.7">
              You are not the primary field staff of any facility. Search for the one you are visiting.
            </Text>
          ) : (
            mine.map((row) => <FacilityChoice key={row.site_code} row={row} />)
          )}
        </Stack>
      )}
    </Stack>
  )
}
