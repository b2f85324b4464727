/**
 * The one field vocabulary of every admin form (locations, facility snapshots, CMS content and the
 * declared resources of DESIGN §9). Zod-free, so the field tool can read it without loading zod; the
 * rules a field obeys live in the contracts' zod schemas, and a descriptor only says how it is edited.
 *
 * Kinds:
 * - text, textarea, markdown (write/preview tabs), email, url, phone, password, secret (write-only, shown masked);
 * - integer, number, percent (0–100 with a % suffix), coordinate (latitude or longitude, decimal degrees);
 * - flag (a switch or checkbox: true/false), yes-no (a Yes/No select of 'true'/'false');
 * - select (one of `options`), time-zone (the spec's time-zone codes, labelled with their offset);
 * - date (YYYY-MM-DD), gate-code (six digits, optionally in the keypad form `*…#`);
 * - tags (a list of strings), image (a stored file name or URL, trimmed before saving).
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
