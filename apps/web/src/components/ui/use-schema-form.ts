import { useState } from 'react'
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { fieldLabel, joinedMessages, type FieldDescriptor } from '@storageops/contracts/fields'
import { errorMessage, fieldErrorsOf, labelledMessage } from '../../lib/error-message.ts'

type Values = Record<string, unknown>

const labelOf = (fields: readonly Pick<FieldDescriptor, 'key' | 'label' | 'deprecated'>[], key: string) => {
  const field = fields.find((candidate) => candidate.key === key)
  return field && fieldLabel(field)
}

function validateSync<Output>(schema: StandardSchemaV1<unknown, Output>, values: unknown): Output {
  const result = schema['~standard'].validate(values)
  if (result instanceof Promise || result.issues)
    throw new Error('useSchemaForm: the schema must validate synchronously')
  return result.value
}

/** The invalid fields in the order met on the page (document order, not the schema's); those not on the page last. */
function invalidInPageOrder(form: UseFormReturnType<Values>, paths: string[]) {
  const located = paths.map((path) => ({ path, node: form.getInputNode<HTMLElement, string>(path) }))
  const onPage = located.filter((entry): entry is { path: string; node: HTMLElement } => entry.node !== null)
  onPage.sort((a, b) => (a.node.compareDocumentPosition(b.node) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
  return [...onPage, ...located.filter((entry) => entry.node === null)]
}

function reveal(node: HTMLElement | null) {
  if (!node) return
  node.scrollIntoView({ block: 'center', behavior: 'smooth' })
  node.focus({ preventScroll: true })
}

/**
 * A form checked by a contracts schema (the server's rules and messages); the first invalid field's message goes to
 * `formError` and it is focused. `showServerError` does the same for an ApiError. `banner: 'all'`: every message, in
 * page order, joined with '. ' (admin-console-part-2 §5). `changedKeys`: values that differ from the last `markSaved`.
 */
export function useSchemaForm<FormValues extends Values, Output>({
  name,
  schema,
  initialValues,
  banner = 'first',
  fields = [],
}: {
  name: string
  schema: StandardSchemaV1<unknown, Output>
  initialValues: FormValues
  banner?: 'first' | 'all'
  fields?: readonly Pick<FieldDescriptor, 'key' | 'label' | 'deprecated'>[]
}) {
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<FormValues>({
    name,
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    onValuesChange: () => setFormError(null),
  })
  const asAny = form as unknown as UseFormReturnType<Values>

  const submit = (handler: (output: Output, values: FormValues) => void) =>
    form.onSubmit(
      (values) => handler(validateSync(schema, values), values),
      (errors) => {
        const invalid = invalidInPageOrder(asAny, Object.keys(errors))
        const messages = invalid.map(({ path }) => errors[path]).filter((message) => typeof message === 'string')
        setFormError((banner === 'all' ? joinedMessages(messages) : messages[0]) || null)
        reveal(invalid[0]?.node ?? null)
      },
    )

  const showServerError = (error: unknown, fallback: string): string => {
    const failures = fieldErrorsOf(error)
    if (failures.length === 0) {
      const message = errorMessage(error, fallback)
      setFormError(message)
      return message
    }
    const messageOf = new Map(failures.map(({ field, message }) => [field, message]))
    const onForm = invalidInPageOrder(
      asAny,
      failures.map(({ field }) => field).filter((field) => field in form.values),
    )
    const ordered = [...onForm.map(({ path }) => path), ...failures.map(({ field }) => field)].filter(
      (field, index, all) => all.indexOf(field) === index,
    )
    const withLabel = (field: string) => labelledMessage(messageOf.get(field)!, labelOf(fields, field))
    const shown = banner === 'all' ? joinedMessages(ordered.map(withLabel)) : withLabel(ordered[0]!)
    setFormError(shown)
    for (const { path } of onForm) form.setFieldError(path, messageOf.get(path))
    reveal(onForm[0]?.node ?? null)
    return shown
  }

  const markSaved = (values: FormValues) => {
    form.setInitialValues(values)
    form.setValues(values)
  }
  const changedKeys = Object.keys(initialValues).filter((key) => form.isDirty(key))

  return { form, formError, setFormError, submit, showServerError, markSaved, changedKeys }
}
