import { Stack } from '@mantine/core'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useNotFoundRedirect } from '../../../components/ui/not-found-redirect.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { isNotFound } from '../../../lib/api.ts'
import { useLocationContent } from '../api/get-location-content.ts'
import { ContentForm } from './content-form.tsx'

/** Location CMS content (spec: admin-console-part-1 §2, §8); an unknown code goes back to /locations. */
export function ContentPanel({ locationCode }: { locationCode: string }) {
  const content = useLocationContent(locationCode)
  const isInvalidCode = isNotFound(content.error)
  useNotFoundRedirect(isInvalidCode ? LOCATION_MESSAGES.invalidLocationCode : null, '/locations')

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: '/locations', label: 'Locations' }}
        title={`CMS Content · ${locationCode}`}
        description="What the public website shows on this location's page."
      />
      {content.isPending && <SkeletonRows label="Loading content…" rows={4} rowHeight={56} />}
      <FormError message={!isInvalidCode && content.error?.message} title="The content could not be loaded" />
      {content.data && <ContentForm key={content.data.location_code} content={content.data} />}
    </Stack>
  )
}
