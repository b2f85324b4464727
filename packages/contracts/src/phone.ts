import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/**
 * A phone number in E.164 (`+15125550100`) for texting, read as a US number unless it carries a country
 * code; null when it is not a valid number. Tenants' numbers come from the storage-management system in
 * whatever form staff typed them.
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null
  const parsed = parsePhoneNumberFromString(phone, 'US')
  return parsed?.isValid() ? parsed.number : null
}
