import { Button, Fieldset, Group, Modal, SimpleGrid, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { LocationInput, type LocationRecord } from '@storageops/contracts/locations'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { FieldInput } from '../../../components/ui/field-input.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateLocation } from '../api/create-location.ts'
import { useUpdateLocation } from '../api/update-location.ts'
import { LOCATION_FIELD_GROUPS, toFormValues, toLocationBody, withChange } from '../location-fields.ts'
import { FetchReviewsButton } from './fetch-reviews-button.tsx'

/** Create and Edit location (spec: admin-console-part-1 §2, §5), checked by LocationInput; payment keys are write-only. */
export function LocationFormModal({
  opened,
  location,
  onClose,
}: {
  opened: boolean
  location: LocationRecord | null
  onClose: () => void
}) {
  const isPhone = useMediaQuery('(max-width: 36em)')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location ? `Edit Location ${location.location_code}` : 'Create Location'}
      size="xl"
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <LocationForm key={location?.id ?? 'new'} location={location} onDone={onClose} />}
    </Modal>
  )
}

function LocationForm({ location, onDone }: { location: LocationRecord | null; onDone: () => void }) {
  const create = useCreateLocation()
  const update = useUpdateLocation()
  const { form, formError, submit, showServerError } = useSchemaForm({
    name: 'location',
    schema: LocationInput,
    initialValues: toFormValues(location),
  })

  const handleSubmit = submit((checked) => {
    const body = toLocationBody(checked)
    const onError = (failure: Error) => showServerError(failure, LOCATION_MESSAGES.saveFailed)
    const onSuccess = (message: string) => () => {
      showToast(message, 'success')
      onDone()
    }
    if (location)
      update.mutate({ id: location.id, body }, { onSuccess: onSuccess(LOCATION_MESSAGES.locationUpdated), onError })
    else create.mutate(body, { onSuccess: onSuccess(LOCATION_MESSAGES.locationCreated), onError })
  })

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        {LOCATION_FIELD_GROUPS.map((group) => (
          <Fieldset key={group.title} legend={group.title} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {group.fields.map((field) => {
                const stored = location?.[field.key]
                return (
                  <FieldInput
                    key={field.key}
                    field={field}
                    {...form.getInputProps(field.key)}
                    onChange={(value) => form.setValues(withChange(form.values, field.key, value))}
                    disabled={field.key === 'sboa_brochure' && form.values.sboa !== true}
                    placeholder={
                      field.kind === 'secret'
                        ? typeof stored === 'string'
                          ? `Saved: ${stored}`
                          : 'Not set'
                        : undefined
                    }
                  />
                )
              })}
            </SimpleGrid>
          </Fieldset>
        ))}
        <Group justify="space-between" mt="sm">
          {location ? <FetchReviewsButton locationCode={location.location_code} /> : <span />}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {location ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}
