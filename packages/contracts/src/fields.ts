/**
 * The one field vocabulary of every admin form, zod-free; a descriptor says how a field is edited, the zod schemas
 * what it accepts. Non-obvious kinds: secret (write-only, masked), percent (0–100), coordinate (decimal degrees),
 * yes-no ('true'/'false' select), date (YYYY-MM-DD), gate-code (six digits, optionally `*…#`), image (file name or URL).
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
  /** Smallest editor height in pixels, for textarea and markdown (a Page's content: 400). */
  minHeight?: number
}

export interface FieldGroup<Key extends string = string> {
  title: string
  fields: readonly FieldDescriptor<Key>[]
}

export function fieldLabel(field: Pick<FieldDescriptor, 'label' | 'deprecated'>): string {
  return field.deprecated ? `${field.label} (Deprecated)` : field.label
}
