import { Anchor, Group } from '@mantine/core'
import { Link } from 'react-router'

export function LocationPageLinks({ locationCode }: { locationCode: string }) {
  const base = `/locations/${encodeURIComponent(locationCode)}`
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} to={`${base}/cms_edit`} fz="sm" aria-label={`CMS edit ${locationCode}`}>
        CMS
      </Anchor>
      <Anchor component={Link} to={`${base}/map_edit`} fz="sm" aria-label={`Map edit ${locationCode}`}>
        Map
      </Anchor>
      <Anchor component={Link} to={`${base}/unit_types`} fz="sm" aria-label={`Unit types ${locationCode}`}>
        Unit types
      </Anchor>
    </Group>
  )
}
