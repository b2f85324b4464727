/** The placeholder for a facility value that is not filled in. */
export const EMPTY_VALUE = '—'

/** A facility value as text: booleans as Yes or No (spec: snapshot-field-tool §2), blanks as '—'. */
export function formatFacilityValue(value: string | number | boolean | null | undefined): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (value === null || value === undefined) return EMPTY_VALUE
  const text = String(value).trim()
  return text === '' ? EMPTY_VALUE : text
}

/** 'tel:+13486874113' style link target for a phone number as staff wrote it. */
export function telephoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`
}
