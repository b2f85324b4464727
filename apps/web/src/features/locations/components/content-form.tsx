import { useState, type FormEvent } from 'react'
import {
  Alert,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Fieldset,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { IconAlertCircle, IconDeviceFloppy, IconPhotoPlus } from '@tabler/icons-react'
import type { LocationContent } from '@storageops/contracts/location-content'
import { MAX_CONTENT_PHOTOS } from '@storageops/contracts/location-content'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSaveLocationContent } from '../api/save-location-content.ts'
import { useUploadContentPhoto } from '../api/upload-content-photo.ts'
import { MarkdownEditor } from './markdown-editor.tsx'

type TextKey =
  'title' | 'meta_title' | 'facility_image' | 'facility_image_alt' | 'access_hours' | 'customer_service_hours'
type FlagKey =
  | 'website_move_in_completion_screen'
  | 'kiosk_move_in_completion_screen'
  | 'unit_size_high_to_low'
  | 'unit_group_large_to_small'
  | 'recommended_unit'
  | 'unit_groups_expanded'
  | 'fee_for_24hr_access'

const FLAGS: ReadonlyArray<{ key: FlagKey; label: string }> = [
  { key: 'website_move_in_completion_screen', label: 'Website move-in completion screen' },
  { key: 'kiosk_move_in_completion_screen', label: 'Kiosk move-in completion screen' },
  { key: 'unit_size_high_to_low', label: 'Unit size high to low' },
  { key: 'unit_group_large_to_small', label: LOCATION_MESSAGES.reverseGroupOrder },
  { key: 'recommended_unit', label: 'Recommended unit' },
  { key: 'unit_groups_expanded', label: 'Unit groups expanded' },
  { key: 'fee_for_24hr_access', label: 'Fee for 24hr access' },
]
const PHOTO_ACCEPT = 'image/png,image/jpeg'

/**
 * The CMS content form of one location (spec: admin-console-part-1 §2 cms_edit, §8): page texts,
 * deprecated keywords, two markdown bodies with preview, the facility image (location trimmed),
 * hours, the display flags and photos with a text each. Saving shows 'Successfully updated the
 * contents!' or 'Failed to update contents.'.
 */
export function ContentForm({ content }: { content: LocationContent }) {
  const [values, setValues] = useState(content)
  const [error, setError] = useState<string | null>(null)
  const save = useSaveLocationContent()
  const upload = useUploadContentPhoto()
  const code = content.location_code

  const set = <K extends keyof LocationContent>(key: K, value: LocationContent[K]) => {
    setError(null)
    setValues((current) => ({ ...current, [key]: value }))
  }
  const text = (key: TextKey, label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
    />
  )

  const addPhotos = async (files: File[]) => {
    setError(null)
    const room = MAX_CONTENT_PHOTOS - values.photos.length
    if (files.length > room) setError(`At most ${MAX_CONTENT_PHOTOS} photos.`)
    for (const file of files.slice(0, Math.max(room, 0))) {
      try {
        const stored = await upload.mutateAsync({ locationCode: code, file })
        setValues((current) => ({
          ...current,
          photos: [...current.photos, stored.name],
          photo_texts: [...current.photo_texts, ''],
        }))
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : 'Upload failed')
      }
    }
  }
  const removePhoto = (index: number) =>
    setValues((current) => ({
      ...current,
      photos: current.photos.filter((_, at) => at !== index),
      photo_texts: current.photo_texts.filter((_, at) => at !== index),
    }))

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { location_code: _code, updatedAt: _updated, ...fields } = values
    save.mutate(
      { locationCode: code, body: { ...fields, facility_image: fields.facility_image.trim() } },
      {
        onSuccess: (saved) => {
          setValues(saved)
          showToast(LOCATION_MESSAGES.contentSaved, 'success')
        },
        onError: (failure) => {
          setError(
            failure instanceof ApiError && failure.body.message
              ? `${LOCATION_MESSAGES.contentSaveFailed} ${failure.body.message}`
              : LOCATION_MESSAGES.contentSaveFailed,
          )
          showToast(LOCATION_MESSAGES.contentSaveFailed, 'error')
        },
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {error}
          </Alert>
        )}
        <Fieldset legend="Page" radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {text('title', 'Title')}
              {text('meta_title', 'Meta title')}
            </SimpleGrid>
            <Textarea
              label="Meta description"
              autosize
              minRows={2}
              value={values.meta_description}
              onChange={(event) => set('meta_description', event.currentTarget.value)}
            />
            <TagsInput
              label="Keywords (Deprecated)"
              placeholder="Type a keyword and press Enter"
              value={values.keywords}
              onChange={(keywords) => set('keywords', keywords)}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Body" radius="md">
          <Stack gap="md">
            <MarkdownEditor label="Body 1" value={values.body1} onChange={(value) => set('body1', value)} />
            <MarkdownEditor label="Body 2" value={values.body2} onChange={(value) => set('body2', value)} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Facility" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('facility_image', 'Facility image', 'Image location; spaces around it are removed.')}
            {text('facility_image_alt', 'Facility image alt text')}
            {text('access_hours', 'Access hours')}
            {text('customer_service_hours', 'Customer service hours')}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Display" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {FLAGS.map((flag) => (
              <Checkbox
                key={flag.key}
                label={flag.label}
                checked={values[flag.key]}
                onChange={(event) => set(flag.key, event.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Photos" radius="md">
          <Stack gap="sm">
            {values.photos.length === 0 && (
              <Text c="gray.7" fz="sm">
                No photos yet.
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {values.photos.map((name, index) => (
                <Card key={name} withBorder radius="md" padding="xs">
                  <Card.Section pos="relative">
                    <Image
                      src={`/img/${name}`}
                      alt={values.photo_texts[index] || `Photo ${index + 1}`}
                      h={140}
                      fit="cover"
                    />
                    <CloseButton
                      pos="absolute"
                      top={6}
                      right={6}
                      variant="white"
                      aria-label={`Remove photo ${index + 1}`}
                      onClick={() => removePhoto(index)}
                    />
                  </Card.Section>
                  <TextInput
                    mt="xs"
                    size="xs"
                    aria-label={`Photo text ${index + 1}`}
                    placeholder="Photo text"
                    value={values.photo_texts[index] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value
                      setValues((current) => ({
                        ...current,
                        photo_texts: current.photo_texts.map((item, at) => (at === index ? value : item)),
                      }))
                    }}
                  />
                </Card>
              ))}
            </SimpleGrid>
            <Group>
              <FileButton onChange={(files) => void addPhotos(files)} accept={PHOTO_ACCEPT} multiple>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconPhotoPlus size={18} aria-hidden />}
                    loading={upload.isPending}
                    disabled={values.photos.length >= MAX_CONTENT_PHOTOS}
                  >
                    Add photos
                  </Button>
                )}
              </FileButton>
              <Text fz="xs" c="gray.7">
                JPEG or PNG, up to {MAX_CONTENT_PHOTOS} photos.
              </Text>
            </Group>
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
