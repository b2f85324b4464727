import {
  Button,
  Card,
  CloseButton,
  Fieldset,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconDeviceFloppy, IconPhotoPlus } from '@tabler/icons-react'
import { formValuesOf } from '@storageops/contracts/fields'
import { LocationContentInput, MAX_CONTENT_PHOTOS, type LocationContent } from '@storageops/contracts/location-content'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { FieldInput } from '../../../components/ui/field-input.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { UnsavedChangesGuard, unsavedChangesText } from '../../../components/ui/unsaved-changes-guard.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSaveLocationContent } from '../api/save-location-content.ts'
import { useUploadContentPhoto } from '../api/upload-content-photo.ts'
import { CONTENT_FIELD_GROUPS } from '../content-fields.ts'

const PHOTO_ACCEPT = 'image/png,image/jpeg'
const GRID_COLUMNS: Record<string, { base: number; sm: number }> = {
  Page: { base: 1, sm: 2 },
  Body: { base: 1, sm: 1 },
  Facility: { base: 1, sm: 2 },
  Display: { base: 1, sm: 2 },
}

const CONTENT_FIELDS = CONTENT_FIELD_GROUPS.flatMap((group) => group.fields)

const valuesOf = (content: LocationContent) => ({
  ...formValuesOf(CONTENT_FIELDS, content),
  photos: content.photos,
  photo_texts: content.photo_texts,
})

/** The CMS content form of one location (spec: admin-console-part-1 §2 cms_edit, §8), checked by LocationContentInput. */
export function ContentForm({ content }: { content: LocationContent }) {
  const save = useSaveLocationContent()
  const upload = useUploadContentPhoto()
  const code = content.location_code
  const { form, formError, setFormError, submit, showServerError, markSaved, changedKeys } = useSchemaForm({
    name: 'location-content',
    schema: LocationContentInput,
    initialValues: valuesOf(content),
    fields: CONTENT_FIELDS,
  })
  // Photos and their texts are one field to the user.
  const changed = new Set(changedKeys.map((key) => (key === 'photo_texts' ? 'photos' : key))).size
  const { photos, photo_texts: photoTexts } = form.values

  const addPhotos = async (files: File[]) => {
    const room = MAX_CONTENT_PHOTOS - form.getValues().photos.length
    if (files.length > room) setFormError(`At most ${MAX_CONTENT_PHOTOS} photos.`)
    for (const file of files.slice(0, Math.max(room, 0))) {
      try {
        const stored = await upload.mutateAsync({ locationCode: code, file })
        form.insertListItem('photos', stored.name)
        form.insertListItem('photo_texts', '')
      } catch (failure) {
        setFormError(errorMessage(failure, 'Upload failed'))
      }
    }
  }
  const removePhoto = (index: number) => {
    form.removeListItem('photos', index)
    form.removeListItem('photo_texts', index)
  }

  const handleSubmit = submit((body) =>
    save.mutate(
      { locationCode: code, body },
      {
        onSuccess: (saved) => {
          markSaved(valuesOf(saved))
          showToast(LOCATION_MESSAGES.contentSaved, 'success')
        },
        onError: (failure) => {
          showServerError(failure, LOCATION_MESSAGES.contentSaveFailed)
          showToast(LOCATION_MESSAGES.contentSaveFailed, 'error')
        },
      },
    ),
  )

  return (
    <form onSubmit={handleSubmit} noValidate>
      <UnsavedChangesGuard changed={save.isPending ? 0 : changed} noun="field" />
      <Stack gap="md">
        <FormError message={formError} />
        {CONTENT_FIELD_GROUPS.map((group) => (
          <Fieldset key={group.title} legend={group.title} radius="md">
            <SimpleGrid cols={GRID_COLUMNS[group.title]} spacing="sm">
              {group.fields.map((field) => (
                <FieldInput key={field.key} field={field} {...form.getInputProps(field.key)} />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        <Fieldset legend="Photos" radius="md">
          <Stack gap="sm">
            {photos.length === 0 && (
              <Text c="gray.7" fz="sm">
                No photos yet.
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {photos.map((name, index) => (
                <Card key={name} withBorder radius="md" padding="xs">
                  <Card.Section pos="relative">
                    <Image src={`/img/${name}`} alt={photoTexts[index] || `Photo ${index + 1}`} h={140} fit="cover" />
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
                    {...form.getInputProps(`photo_texts.${index}`)}
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
                    disabled={photos.length >= MAX_CONTENT_PHOTOS}
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
          {changed > 0 && (
            <Text fz="sm" c="gray.7">
              {unsavedChangesText(changed, 'field')}
            </Text>
          )}
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
