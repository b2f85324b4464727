import { useState } from 'react'
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { ApiError } from '../../lib/api.ts'
import { errorMessage } from '../../lib/error-message.ts'

type Values = Record<string, unknown>

function validateSync<Output>(schema: StandardSchemaV1<unknown, Output>, values: unknown): Output {
  const result = schema['~standard'].validate(values)
  if (result instanceof Promise || result.issues)
    throw new Error('useSchemaForm: the schema must validate synchronously')
  return result.value
}

/** The invalid field met first on the page (document order, not the schema's). */
function firstInvalid(form: UseFormReturnType<Values>, paths: string[]): { path: string; node: HTMLElement | null } {
  const located = paths.map((path) => ({ path, node: form.getInputNode<HTMLElement, string>(path) }))
  const onPage = located.filter((entry): entry is { path: string; node: HTMLElement } => entry.node !== null)
  onPage.sort((a, b) => (a.node.compareDocumentPosition(b.node) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
  return onPage[0] ?? located[0] ?? { path: '', node: null }
}

function reveal(node: HTMLElement | null) {
  if (!node) return
  node.scrollIntoView({ block: 'center', behavior: 'smooth' })
  node.focus({ preventScroll: true })
}

/**
 * A form checked by a contracts schema (the server's own rules and messages). `submit(handler)` passes
 * the schema's output and the raw values; invalid fields get their messages, the first one's goes to
 * `formError` and that field is scrolled to and focused. `showServerError` does the same for an ApiError.
 */
export function useSchemaForm<FormValues extends Values, Output>({
  name,
  schema,
  initialValues,
}: {
  name: string
  schema: StandardSchemaV1<unknown, Output>
  initialValues: FormValues
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
        const { path, node } = firstInvalid(asAny, Object.keys(errors))
        const message = errors[path]
        setFormError(typeof message === 'string' ? message : null)
        reveal(node)
      },
    )

  const showServerError = (error: unknown, fallback: string) => {
    const message = errorMessage(error, fallback)
    setFormError(message)
    const field = error instanceof ApiError ? error.body.field : undefined
    if (!field || !(field in form.values)) return
    form.setFieldError(field, message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message)
    reveal(form.getInputNode(field))
  }

  return { form, formError, setFormError, submit, showServerError }
}
