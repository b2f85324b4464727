import { Button, Group, SimpleGrid, Stack } from '@mantine/core'
import {
  HOMEPAGE_PAGE_FIELDS,
  HOMEPAGE_SAVED_MESSAGE,
  HOMEPAGE_TITLE_FIELDS,
  SaveHomepageInput,
  type HomepageContent,
} from '@storageops/contracts/content/homepage'
import { formValuesOf, type FieldValue } from '@storageops/contracts/fields'
import { FieldInput } from '../../../components/ui/field-input.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { errorMessage, withReason } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useHomepage } from '../api/get-homepage.ts'
import { useSaveHomepage } from '../api/save-homepage.ts'

const FIELDS = [...HOMEPAGE_TITLE_FIELDS, ...HOMEPAGE_PAGE_FIELDS]

/** The homepage's texts (spec: admin-console-part-2 §2 Homepage): titles 1–3, then header and page, and Save. */
export function HomepageEditor() {
  const homepage = useHomepage()
  if (homepage.isPending) return <SkeletonRows label="Loading homepage" rows={6} rowHeight={56} />
  if (homepage.isError)
    return (
      <FormError
        title="Failed to load the homepage"
        message={errorMessage(homepage.error, 'The homepage could not be loaded.')}
        onRetry={() => void homepage.refetch()}
      />
    )
  return <HomepageForm content={homepage.data[0] ?? null} />
}

function HomepageForm({ content }: { content: HomepageContent | null }) {
  const save = useSaveHomepage()
  const { form, formError, submit, showServerError, markSaved, changedKeys } = useSchemaForm<
    Record<string, FieldValue>,
    SaveHomepageInput
  >({
    name: 'homepage',
    schema: SaveHomepageInput,
    initialValues: formValuesOf(FIELDS, content),
    fields: FIELDS,
    banner: 'all',
  })
  const handleSubmit = submit((body) => {
    const values = form.getValues()
    save.mutate(body, {
      onSuccess: () => {
        markSaved(values)
        showToast(HOMEPAGE_SAVED_MESSAGE, 'success')
      },
      onError: (error) => {
        showServerError(error, 'Failed to save data')
        showToast(withReason('Failed to save data', error), 'error')
      },
    })
  })
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <UnsavedChangesGuard changed={save.isPending ? 0 : changedKeys.length} noun="field" />
        <FormError message={formError} />
        <SectionCard title="Titles">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {HOMEPAGE_TITLE_FIELDS.map((field) => (
              <FieldInput key={field.key} field={field} {...form.getInputProps(field.key)} />
            ))}
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Header and page">
          <Stack gap="md">
            {HOMEPAGE_PAGE_FIELDS.map((field) => (
              <FieldInput key={field.key} field={field} {...form.getInputProps(field.key)} />
            ))}
          </Stack>
        </SectionCard>
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
