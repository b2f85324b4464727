import { Button, Group, Modal, Stack } from '@mantine/core'
import { formValuesOf, type FieldValue } from '@storageops/contracts/fields'
import { marketingFeaturesResource, type MarketingFeature } from '@storageops/contracts/content/marketing-features'
import { FieldInput } from '../../../components/ui/field-input.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { useCreateResource, useResource, useUpdateResource } from '../../../lib/resource-queries.ts'
import { showToast } from '../../../lib/toast.ts'

const declaration = marketingFeaturesResource

/** Create or edit a marketing feature's name in a modal (spec: admin-console-part-2 §2, §8). */
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
      {opened &&
        (feature ? (
          <EditMarketingFeature id={feature.id} onDone={onClose} />
        ) : (
          <MarketingFeatureForm key="new" feature={null} etag={null} onDone={onClose} />
        ))}
    </Modal>
  )
}

/** Edits the record as read now with its ETag, so a save over someone else's change is refused (412), as on every editor. */
function EditMarketingFeature({ id, onDone }: { id: number; onDone: () => void }) {
  const one = useResource(declaration, id)
  if (one.isError)
    return (
      <FormError message={errorMessage(one.error, declaration.messages.notFound)} onRetry={() => void one.refetch()} />
    )
  if (!one.data) return <SkeletonRows rows={2} label="Loading marketing feature" />
  return (
    <MarketingFeatureForm key={one.data.etag ?? id} feature={one.data.record} etag={one.data.etag} onDone={onDone} />
  )
}

function MarketingFeatureForm({
  feature,
  etag,
  onDone,
}: {
  feature: MarketingFeature | null
  etag: string | null
  onDone: () => void
}) {
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
        { key: feature.id, body: input, etag },
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
