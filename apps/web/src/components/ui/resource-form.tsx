import { useState, type ReactNode } from 'react'
import { Button, Group, Paper, Stack } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { Link, useNavigate, useParams } from 'react-router'
import { formValuesOf, type FieldValue } from '@storageops/contracts/fields'
import {
  hasNumericKey,
  listScreenOf,
  type AnyResource,
  type ResourceKey,
  type ResourceRecord,
} from '@storageops/contracts/resource'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api.ts'
import {
  resourceKeys,
  useCreateResource,
  useResource,
  useUpdateResource,
  type SaveEdit,
} from '../../lib/resource-queries.ts'
import { showToast } from '../../lib/toast.ts'
import { FieldInput } from './field-input.tsx'
import { FormError } from './form-error.tsx'
import { useNotFoundRedirect } from './not-found-redirect.tsx'
import { PageHeader } from './page-header.tsx'
import { ResourceVersions } from './resource-versions.tsx'
import { SkeletonRows } from './skeleton-rows.tsx'
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx'
import { useSchemaForm } from './use-schema-form.ts'

type Key = string | number

/** null when the URL's key cannot be one (an id that is not digits). */
function parseKey(declaration: AnyResource, raw: string | undefined): Key | null {
  if (!raw) return null
  if (!hasNumericKey(declaration)) return raw
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

/** A part of a resource's form the field vocabulary has no kind for (DESIGN §9), after the declared fields. */
export interface ResourceFormExtra<D extends AnyResource> {
  initialValues: (record: ResourceRecord<D> | null) => Record<string, unknown>
  render: (form: UseFormReturnType<Record<string, FieldValue>>) => ReactNode
}

/**
 * The create or edit screen of a declared resource (DESIGN §9; spec: admin-console-part-2 §4, §5, §8). `saveEdit`:
 * when the edit is not `PUT {api}/{key}`; `guardUnsaved`: leaving with changes asks first.
 */
export function ResourceForm<D extends AnyResource>({
  declaration,
  mode,
  extra,
  saveEdit,
  guardUnsaved = false,
}: {
  declaration: D
  mode: 'create' | 'edit'
  extra?: ResourceFormExtra<D>
  saveEdit?: SaveEdit
  guardUnsaved?: boolean
}) {
  const params = useParams()
  const key = mode === 'edit' ? parseKey(declaration, params.key) : null
  const loaded = useResource(declaration, key ?? undefined)
  const isMissing = mode === 'edit' && (key === null || loaded.isError)
  useNotFoundRedirect(isMissing ? declaration.messages.notFound : null, listScreenOf(declaration))
  const title = mode === 'edit' ? declaration.labels.edit : declaration.labels.create
  const [restores, setRestores] = useState(0)

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: declaration.labels.plural, to: listScreenOf(declaration) }, { label: title }]}
      />
      {mode === 'create' ? (
        <ResourceFields declaration={declaration} record={null} extra={extra} guardUnsaved={guardUnsaved} />
      ) : loaded.data ? (
        <>
          {/* A restore changes the record: the form starts again from it. */}
          <ResourceFields
            key={`${key}:${restores}`}
            declaration={declaration}
            record={loaded.data.record}
            etag={loaded.data.etag}
            extra={extra}
            saveEdit={saveEdit}
            guardUnsaved={guardUnsaved}
          />
          <ResourceVersions
            declaration={declaration}
            recordKey={key!}
            etag={loaded.data.etag}
            onRestored={() => setRestores((count) => count + 1)}
          />
        </>
      ) : (
        <SkeletonRows rows={declaration.fields.length} rowHeight={56} label={`Loading ${title.toLowerCase()}`} />
      )}
    </Stack>
  )
}

function ResourceFields<D extends AnyResource>({
  declaration,
  record,
  etag = null,
  extra,
  saveEdit,
  guardUnsaved,
}: {
  declaration: D
  saveEdit?: SaveEdit
  guardUnsaved?: boolean
  record: ResourceRecord<D> | null
  extra?: ResourceFormExtra<D>
  /** The loaded record's ETag: the save carries it as If-Match, so a change saved since is not overwritten. */
  etag?: string | null
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const create = useCreateResource(declaration)
  const update = useUpdateResource(declaration, saveEdit)
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null)
  const { form, formError, submit, showServerError, changedKeys } = useSchemaForm<Record<string, FieldValue>, unknown>({
    name: `${declaration.name.replace(/[^A-Za-z0-9-]/g, '-')}-${record ? 'edit' : 'create'}`,
    schema: record ? declaration.update : declaration.create,
    initialValues: {
      ...formValuesOf(declaration.fields, record as Record<string, unknown> | null),
      ...(extra?.initialValues(record) as Record<string, FieldValue> | undefined),
    },
    fields: declaration.fields,
    banner: 'all',
  })
  const isSaving = create.isPending || update.isPending
  const onSaved = () => {
    const { created, saved } = declaration.messages
    showToast(record ? saved : (created ?? saved), 'success')
    void navigate(listScreenOf(declaration))
  }
  const onFailed = (fallback: string) => (error: Error) => {
    // Refused as stale (412): the history shows at once what was saved since.
    if (record && error instanceof ApiError && error.status === 412)
      void queryClient.invalidateQueries({
        queryKey: resourceKeys.versions(declaration, record[declaration.key] as string | number),
      })
    const message = showServerError(error, fallback)
    setFailure(message === fallback ? null : { title: fallback, message })
  }

  const handleSubmit = submit((body) => {
    if (record)
      update.mutate(
        { key: record[declaration.key] as ResourceKey<D>, body: body as never, etag },
        { onSuccess: onSaved, onError: onFailed(declaration.messages.updateFailed) },
      )
    else create.mutate(body as never, { onSuccess: onSaved, onError: onFailed(declaration.messages.createFailed) })
  })

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {guardUnsaved && <UnsavedChangesGuard changed={isSaving ? 0 : changedKeys.length} noun="field" />}
          <FormError message={formError} title={failure && formError === failure.message ? failure.title : undefined} />
          {declaration.fields
            .filter((field) => record || !field.hiddenOnCreate)
            .map((field) => (
              <FieldInput
                key={field.key}
                field={field}
                readOnly={Boolean(record && field.readOnlyOnEdit)}
                {...form.getInputProps(field.key)}
              />
            ))}
          {extra?.render(form)}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" component={Link} to={listScreenOf(declaration)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
