import { z } from 'zod'
import { text } from './primitives.ts'

/** Spec: admin-console-part-1 §5, §8. */
export const SETTLEMENT_MESSAGES = {
  required: 'Please fill in all the required fields.',
  notFound: 'Not found',
  sent: 'Link sent successfully',
} as const

/** Hours a payment link stays payable (decision record 017). */
export const PAYMENT_LINK_HOURS = 72

export const SEARCH_TYPES = ['email', 'sms'] as const

/** GET /api/tenant_settlements/search: type email or sms, query the email or phone (empty → 400 'Please fill in…'). */
export const TenantSearchQuery = z.object({
  type: z.enum(SEARCH_TYPES, { error: 'type must be email or sms.' }),
  query: text().trim().max(254).default(''),
})

/** Spec §3 Tenant search result. */
export const TenantSearchResult = z.object({
  Units: z.array(z.object({ LeaseNumber: z.string(), UnitNumber: z.string() })),
  CellPhone: z.string(),
  EMail: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  TenantID: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
})
export type TenantSearchResult = z.infer<typeof TenantSearchResult>

export const TenantUnitsQuery = z.object({
  id: text().trim().min(1, 'id is required.').max(20).regex(/^\d+$/, 'id must be a tenant id.'),
  locationCode: text().trim().min(1, 'locationCode is required.').max(40),
})

/** A lease with the balance the tenant owes (dollars) and its live payment link, if any. */
export const TenantUnit = z.object({
  LeaseNumber: z.string(),
  UnitNumber: z.string(),
  balance: z.number(),
  live_link: z.object({ amount: z.number(), expires_at: z.string() }).nullable(),
})
export type TenantUnit = z.infer<typeof TenantUnit>

/**
 * POST /api/tenant_settlements/send-link (spec §7): `data` the email or phone (by `type`); settlementAmount in
 * dollars, above 0, at most the balance; facilityId the location code; the spec's userId and userName are ignored for the signed-in user.
 */
export const SendLinkInput = z.object({
  data: text().trim().min(1, 'data is required.').max(254),
  type: z.enum(SEARCH_TYPES, { error: 'type must be email or sms.' }),
  settlementAmount: z.coerce
    .number({ error: 'settlementAmount must be an amount.' })
    .gt(0, 'The settlement amount must be above $0.')
    .max(10_000_000)
    .refine((amount) => Math.round(amount * 100) === amount * 100, 'The settlement amount has at most 2 decimals.'),
  facilityId: text().trim().min(1, 'facilityId is required.').max(40),
  facilityName: text().trim().max(200).optional(),
  leaseNo: text().trim().min(1, 'leaseNo is required.').max(40),
  unitNo: text().trim().min(1, 'unitNo is required.').max(40),
  userId: z.union([z.string().max(100), z.number()]).optional(),
  userName: text().max(200).optional(),
})
export type SendLinkInput = z.input<typeof SendLinkInput>

export const LinkSent = z.object({
  message: z.string(),
  link_id: z.number().int(),
  expires_at: z.string(),
  reused: z.boolean().describe('true when the lease already had a live link, which was sent again'),
})
export type LinkSent = z.infer<typeof LinkSent>
