/**
 * The one field vocabulary of every admin form, zod-free. Kinds: secret (write-only, masked), percent (0–100),
 * coordinate (decimal degrees), yes-no ('true'/'false'), date (YYYY-MM-DD), gate-code (six digits, optionally `*…#`).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'email'
  | 'url'
  | 'phone'
  | 'password'
  | 'secret'
  | 'integer'
  | 'number'
  | 'percent'
  | 'coordinate'
  | 'flag'
  | 'yes-no'
  | 'select'
  | 'time-zone'
  | 'date'
  | 'gate-code'
  | 'tags'
  | 'image'

/** A field's form value: boolean for 'flag', a list for 'tags', a number or '' for numbers, else a string. */
export type FieldValue = string | number | boolean | readonly string[]

export interface FieldOption {
  value: string
  label: string
}

export interface FieldDescriptor<Key extends string = string> {
  key: Key
  label: string
  kind: FieldKind
  /** Shown with an asterisk; the schema is what refuses a blank value. */
  required?: boolean
  description?: string
  placeholder?: string
  options?: readonly FieldOption[]
  /** Bounds of a number kind, or the longest text in characters. */
  min?: number
  max?: number
  /** Shown but not editable once the record exists (e.g. a landing page's short_name). */
  readOnlyOnEdit?: boolean
  /** Kept for old data; the label gets ' (Deprecated)'. */
  deprecated?: boolean
  /** Not offered on a create form (a deprecated field a new record should not start using); the API still takes it. */
  hiddenOnCreate?: boolean
  /** Smallest editor height in pixels, for textarea and markdown (a Page's content: 400). */
  minHeight?: number
  /** The value a new record starts with, and what a stored null shows as (a location's reservation_window: 7). */
  defaultValue?: string | number | boolean
}

export interface FieldGroup<Key extends string = string> {
  title: string
  fields: readonly FieldDescriptor<Key>[]
}

export function fieldLabel(field: Pick<FieldDescriptor, 'label' | 'deprecated'>): string {
  return field.deprecated ? `${field.label} (Deprecated)` : field.label
}

/** Field messages in one banner, each once, joined with '. ' (spec: admin-console-part-2 §5) without doubled periods. */
export function joinedMessages(messages: readonly string[]): string {
  const unique = [...new Set(messages)]
  return unique.map((message, index) => (index < unique.length - 1 ? message.replace(/\.$/, '') : message)).join('. ')
}

/** A stored value as read-only text: Yes/No for flags and yes-no, '—' for blank, a % suffix for percents, lists joined. */
export function formatFieldValue(
  field: Pick<FieldDescriptor, 'kind'>,
  value: string | number | boolean | readonly string[] | null | undefined,
): string {
  if (field.kind === 'flag' || field.kind === 'yes-no') return value === true || value === 'true' ? 'Yes' : 'No'
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ')
  if (field.kind === 'percent') return `${String(value)}%`
  return String(value)
}

function toFieldValue(field: FieldDescriptor, stored: unknown): FieldValue {
  const value = stored ?? field.defaultValue ?? null
  switch (field.kind) {
    case 'flag':
      return value === true
    case 'tags':
      return Array.isArray(value) ? value.map(String) : []
    case 'integer':
    case 'number':
    case 'percent':
    case 'coordinate':
      return typeof value === 'number' ? value : value === null || value === '' ? '' : Number(value)
    default:
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
  }
}

/** The form values of `record` (or a new one): null and missing take `defaultValue`, else blank; secrets start blank. */
export function formValuesOf<Key extends string>(
  fields: readonly FieldDescriptor<Key>[],
  record?: Partial<Record<Key, unknown>> | null,
): Record<Key, FieldValue> {
  const values = {} as Record<Key, FieldValue>
  for (const field of fields)
    values[field.key] = toFieldValue(field, field.kind === 'secret' ? null : record?.[field.key])
  return values
}
