import { memo } from 'react'
import { Anchor, Badge, Button } from '@mantine/core'
import { IconListCheck } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { Location } from '@storageops/contracts/facilities'
import { facilityResultLine } from '@storageops/contracts/facility-search'
import type { ResponsiveColumn } from '../../../components/ui/responsive-table.tsx'
import { VirtualResponsiveTable } from '../../../components/ui/virtual-responsive-table.tsx'
import classes from './facility-results.module.css'

interface FacilityResultsProps {
  locations: readonly Location[]
  /** Shows each facility's View Tasks button (spec: snapshot-field-tool §6: snapshot hosts only). */
  showViewTasks: boolean
}

const code = (location: Location) => (
  <Badge variant="light" radius="sm" size="lg" className={classes.code}>
    {location.location_code}
  </Badge>
)
const line = (location: Location) => (
  <Anchor component={Link} to={`/${location.slug}`} fw={600} c="dark.7" className={classes.line}>
    {facilityResultLine(location)}
  </Anchor>
)
const columns: ResponsiveColumn<Location>[] = [
  { key: 'code', header: 'Site Code', cell: code, nowrap: true },
  { key: 'facility', header: 'Facility', cell: line },
]

/**
 * Facility Search results (spec: snapshot-field-tool §2), only those near what is in view drawn (issue 30: the list
 * holds every facility, 4,000 at the largest operator); memoised so typing does not re-render an unchanged list.
 */
export const FacilityResults = memo(function FacilityResults({ locations, showViewTasks }: FacilityResultsProps) {
  return (
    <VirtualResponsiveTable
      label="Facilities"
      rows={locations}
      rowKey={(location) => location.id}
      columns={columns}
      card={code}
      footer={line}
      actions={
        showViewTasks
          ? (location) => (
              <Button
                component={Link}
                to={`/snapshot/facility-tasks/${location.location_code}`}
                variant="light"
                size="xs"
                leftSection={<IconListCheck size={16} aria-hidden />}
                aria-label={`View Tasks for ${location.name}`}
              >
                View Tasks
              </Button>
            )
          : undefined
      }
      minWidth={640}
      virtual={{
        maxHeight: 'max(20rem, calc(100dvh - 17rem))',
        rowHeight: 51,
        cardHeight: 118,
        testId: 'facility-results',
      }}
    />
  )
})
