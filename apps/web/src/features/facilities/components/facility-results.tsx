import { memo } from 'react'
import { Anchor, Badge, Button, Paper, Stack } from '@mantine/core'
import { IconListCheck } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { Location } from '@storageops/contracts/facilities'
import { facilityResultLine } from '@storageops/contracts/facility-search'
import classes from './facility-results.module.css'

interface FacilityResultsProps {
  locations: readonly Location[]
  /** Shows each facility's View Tasks button (spec: snapshot-field-tool §6: snapshot hosts only). */
  showViewTasks: boolean
}

/** Facility Search results (spec: snapshot-field-tool §2); memoised so typing does not re-render an unchanged list. */
export const FacilityResults = memo(function FacilityResults({ locations, showViewTasks }: FacilityResultsProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Facilities">
      {locations.map((location) => (
        <Paper component="li" key={location.id} withBorder radius="md" px="md" py="sm" className={classes.row}>
          <Badge variant="light" radius="sm" size="lg" className={classes.code}>
            {location.location_code}
          </Badge>
          <Anchor component={Link} to={`/${location.slug}`} fw={600} c="dark.7" className={classes.line}>
            {facilityResultLine(location)}
          </Anchor>
          {showViewTasks && (
            <Button
              component={Link}
              to={`/snapshot/facility-tasks/${location.location_code}`}
              variant="light"
              size="xs"
              leftSection={<IconListCheck size={16} aria-hidden />}
              className={classes.actions}
              aria-label={`View Tasks for ${location.name}`}
            >
              View Tasks
            </Button>
          )}
        </Paper>
      ))}
    </Stack>
  )
})
