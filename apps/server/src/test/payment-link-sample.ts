/**
 * The data of one `payment_link` message (every placeholder its default template uses), shared by the
 * communications API tests and the messaging benchmark so both render the same message.
 */
export const PAYMENT_LINK_SAMPLE = {
  company: { name: 'Harbor Point Self Storage' },
  facility: {
    name: 'Test Facility',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0100',
  },
  tenant: { first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz' },
  unit_no: 'A101',
  amount: '$10.00',
  payment_url: 'https://pay.example/x',
  expires_at: '01/01/2030',
}
