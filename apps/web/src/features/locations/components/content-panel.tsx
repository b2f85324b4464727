import { useEffect } from 'react'
import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLocationContent } from '../api/get-location-content.ts'
import { ContentForm } from './content-form.tsx'

/**
 * The Location CMS content screen (/locations/{location_code}/cms_edit, spec: admin-console-part-1 §2,
 * §8): loads the content; an unknown code shows 'Location code is not valid.' and returns to /locations.
 */
export function ContentPanel({ locationCode }: { locationCode: string }) {
  const content = useLocationContent(locationCode)
  const navigate = useNavigate()
  const isInvalidCode = content.error instanceof ApiError && content.error.status === 404

  useEffect(() => {
    if (!isInvalidCode) return
    showToast(LOCATION_MESSAGES.invalidLocationCode, 'error')
    void navigate('/locations', { replace: true })
  }, [isInvalidCode, navigate])

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/locations" fz="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Locations
          </Group>
        </Anchor>
        <Title order={1} fz="h2">
          CMS Content · {locationCode}
        </Title>
        <Text c="gray.7" fz="sm">
          What the public website shows on this location's page.
        </Text>
      </div>
      {content.isPending && (
        <Stack>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={56} />
          ))}
        </Stack>
      )}
      {content.isError && !isInvalidCode && <Text c="red.8">{content.error.message}</Text>}
      {content.data && <ContentForm key={content.data.location_code} content={content.data} />}
    </Stack>
  )
}
