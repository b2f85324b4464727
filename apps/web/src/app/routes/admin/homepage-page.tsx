import { Stack } from '@mantine/core'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { HomepageImages } from '../../../features/files/components/homepage-images.tsx'
import { HomepageEditor } from '../../../features/homepage/components/homepage-editor.tsx'

/** /homepage, superadmin only (spec: admin-console-part-2 §2): the image upload, then the texts. */
export function HomepagePage() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Homepage"
        description="The public website's homepage: hero and kiosk images, titles and texts."
      />
      <HomepageImages />
      <HomepageEditor />
    </Stack>
  )
}
