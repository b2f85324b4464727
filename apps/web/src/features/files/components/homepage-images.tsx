import { useState } from 'react'
import { Anchor, Button, FileInput, Group, Radio, Stack, Table, Text } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { SELECT_FILE_FIRST_MESSAGE } from '@storageops/contracts/content/homepage'
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailNameOf, type HomepageImageName } from '@storageops/contracts/files'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useUploadFiles } from '../api/upload-files.ts'

const IMAGES: ReadonlyArray<{ name: HomepageImageName; label: string }> = [
  { name: 'homepage_hero_image.jpg', label: 'Hero image' },
  { name: 'homepage_kiosk_image.jpg', label: 'Kiosk image' },
]

/** The homepage's image upload (spec: admin-console-part-2 §2, §5, §8): hero or kiosk, JPEG, under its fixed name. */
export function HomepageImages() {
  const [target, setTarget] = useState<HomepageImageName>('homepage_hero_image.jpg')
  const [file, setFile] = useState<File | null>(null)
  const [version, setVersion] = useState(() => Date.now())
  const upload = useUploadFiles()
  const send = () => {
    if (!file) return showToast(SELECT_FILE_FIRST_MESSAGE, 'warning')
    upload.mutate(
      { files: [file], fileName: target },
      {
        onSuccess: (result) => {
          showToast(result.message, 'success')
          setFile(null)
          setVersion(Date.now())
        },
        onError: (error) => showToast(errorMessage(error, 'Upload failed'), 'error'),
      },
    )
  }
  return (
    <SectionCard title="Images">
      <Stack gap="md">
        <Radio.Group label="Image to replace" value={target} onChange={(value) => setTarget(value)}>
          <Group mt="xs">
            {IMAGES.map((image) => (
              <Radio key={image.name} value={image.name} label={image.label} />
            ))}
          </Group>
        </Radio.Group>
        <Group align="flex-end" gap="sm">
          <FileInput
            label="JPEG file"
            accept="image/jpeg"
            value={file}
            onChange={setFile}
            clearable
            style={{ flex: '1 1 240px' }}
          />
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={send} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" aria-label="Homepage images">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Image</Table.Th>
                <Table.Th>Preview</Table.Th>
                <Table.Th>Path</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {IMAGES.map((image) => (
                <Table.Tr key={image.name}>
                  <Table.Td>{image.label}</Table.Td>
                  <Table.Td>
                    <Anchor href={`/img/${image.name}?v=${version}`} target="_blank" rel="noopener">
                      <img
                        src={`/img/${thumbnailNameOf(image.name)}?v=${version}`}
                        alt={`${image.label} of the homepage`}
                        width={THUMBNAIL_WIDTH}
                        height={THUMBNAIL_HEIGHT}
                        loading="lazy"
                        style={{ display: 'block', objectFit: 'cover', borderRadius: 4 }}
                      />
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      /img/{image.name}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </SectionCard>
  )
}
