import { Button, Group, Modal, Stack } from '@mantine/core'
import { formValuesOf, type FieldValue } from '@storageops/contracts/fields'
import { marketingFeaturesResource, type MarketingFeature } from '@storageops/contracts/content/marketing-features'
import { FieldInput } from '../../../components/ui/field-input.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { useCreateResource, useUpdateResource } from '../../../lib/resource-queries.ts'
import { showToast } from '../../../lib/toast.ts'

const declaration = marketingFeaturesResource

/**
 * Create or edit a marketing feature's name in a modal (spec: admin-console-part-2 §2, §8): a failure shows
 * the server's message, else 'Error occurred while creating new marketing feature' / 'Failed to save data'.
 */
export function MarketingFeatureModal({
  opened,
  feature,
  onClose,
}: {
  opened: boolean
  feature: MarketingFeature | null
  onClose: () => void
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={feature ? declaration.labels.edit : 'Create Marketing Feature'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <MarketingFeatureForm key={feature?.id ?? 'new'} feature={feature} onDone={onClose} />}
    </Modal>
  )
}

function MarketingFeatureForm({ feature, onDone }: { feature: MarketingFeature | null; onDone: () => void }) {
  const create = useCreateResource(declaration)
  const update = useUpdateResource(declaration)
  const { form, formError, submit, showServerError } = useSchemaForm<Record<string, FieldValue>, unknown>({
    name: 'marketing-feature',
    schema: declaration.create,
    initialValues: formValuesOf(declaration.fields, feature),
    fields: declaration.fields,
    banner: 'all',
  })
  const onSaved = () => {
    showToast(declaration.messages.saved, 'success')
    onDone()
  }

  const handleSubmit = submit((body) => {
    const input = body as { name: string }
    if (feature)
      update.mutate(
        { key: feature.id, body: input },
        { onSuccess: onSaved, onError: (error) => showServerError(error, declaration.messages.updateFailed) },
      )
    else
      create.mutate(input, {
        onSuccess: onSaved,
        onError: (error) => showServerError(error, declaration.messages.createFailed),
      })
  })
  const isSaving = create.isPending || update.isPending

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        {declaration.fields.map((field) => (
          <FieldInput key={field.key} field={field} {...form.getInputProps(field.key)} />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : feature ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
