import { Liquid } from 'liquidjs'

/** One template per kind of message (DESIGN §10); strict Liquid: an unknown placeholder or filter is refused. */

const facility = {
  name: 'Austin Self Storage #100',
  address: '1200 Oak Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
}
const company = { name: 'Harbor Point Self Storage' }

export const MESSAGE_TEMPLATES = {
  lease_termination_notice: {
    template_name: 'Lease Termination Notice',
    sample: {
      company,
      facility,
      tenant: { first_name: 'Maria', last_name: 'Lopez', full_name: 'Maria Lopez' },
      units: 'A101, A102',
      termination_type: 'NON-RENEWAL',
      termination_date: '07/31/2026',
      termination_time: '5:00 PM',
      reason: 'Breach of Lease: Non-payment of rent - Balance unpaid since May',
      notice_url: 'https://admin.example.com/notice/1/abc',
    },
  },
  auction_winner: {
    template_name: 'Auction Winner',
    sample: {
      company,
      facility,
      winner: { first_name: 'James', last_name: 'Carter', full_name: 'James Carter' },
      unit_no: 'B204',
      balance_due: '$1,250.00',
      cleanout_deadline: '08/15/2026',
      gate_code: '*482913#',
      auction_id: '12',
    },
  },
  payment_link: {
    template_name: 'Tenant Payment Link',
    sample: {
      company,
      facility,
      tenant: { first_name: 'Maria', last_name: 'Lopez', full_name: 'Maria Lopez' },
      unit_no: 'A101',
      amount: '$320.00',
      payment_url: 'https://pay.example.com/l/abc',
      expires_at: '08/01/2026',
    },
  },
  rate_change_notice: {
    template_name: 'Rate Change Notice',
    sample: {
      company,
      facility,
      tenant: { first_name: 'Maria', last_name: 'Lopez', full_name: 'Maria Lopez' },
      unit_no: 'A101',
      current_rent: '$120.00',
      new_rent: '$132.00',
      effective_date: '09/01/2026',
    },
  },
  task_assigned: {
    template_name: 'Task Assigned to Your Role',
    sample: {
      company,
      facility,
      staff: { full_name: 'Casey Alvarez' },
      role: 'Customer Service',
      task_title: 'Unit Lock Check',
      unit_no: 'A101',
      priority: 'High',
      description: 'Overlock on A101 is missing.',
      assigned_by: 'Parker Dawson',
      task_url: 'https://snapshot.example.com/snapshot/task-details/AUS100/42',
    },
  },
} as const

export type MessageTemplateKey = keyof typeof MESSAGE_TEMPLATES
export const MESSAGE_TEMPLATE_KEYS = Object.keys(MESSAGE_TEMPLATES) as MessageTemplateKey[]

type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> }
export type MessageData<K extends MessageTemplateKey> = Widen<(typeof MESSAGE_TEMPLATES)[K]['sample']>

function leafPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix]
  return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, prefix ? `${prefix}.${key}` : key))
}

export function placeholdersOf(key: MessageTemplateKey): string[] {
  return leafPaths(MESSAGE_TEMPLATES[key].sample)
}

export const isMessageTemplateKey = (value: string): value is MessageTemplateKey =>
  Object.hasOwn(MESSAGE_TEMPLATES, value)

const limits = { parseLimit: 100_000, renderLimit: 1_000, memoryLimit: 10_000_000 }
const engineOptions = {
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  // In-memory and empty: {% include %} and {% render %} find nothing, never the file system.
  templates: {},
  ...limits,
}
const textEngine = new Liquid(engineOptions)
const htmlEngine = new Liquid({ ...engineOptions, outputEscape: 'escape' })

/** The parts of a template, each rendered on its own: the SMS body and subject as text, the email body as HTML (values escaped). */
export type TemplatePart = 'sms_body' | 'email_subject' | 'email_body'

const engineFor = (part: TemplatePart) => (part === 'email_body' ? htmlEngine : textEngine)

/** The first problem of a template part (Liquid that does not parse, an unknown filter or placeholder), or null. */
export function templatePartProblem(key: MessageTemplateKey, part: TemplatePart, source: string): string | null {
  const engine = engineFor(part)
  let used: string[]
  try {
    used = engine.globalFullVariablesSync(engine.parse(source))
  } catch (error) {
    return `could not be read: ${(error as Error).message}`
  }
  // The samples hold no lists, so an indexed path (`tenant[0]`) is never a placeholder.
  const allowed = new Set(placeholdersOf(key))
  const unknown = used.filter((path) => !allowed.has(path))
  if (unknown.length > 0) {
    const list = [...new Set(unknown)].map((path) => `{{ ${path} }}`).join(', ')
    return `unknown placeholder ${list}`
  }
  return null
}

/** Renders one part with `data`; throws the engine's error (a missing value, a limit) when it cannot. */
export function renderTemplatePart(part: TemplatePart, source: string, data: object): string {
  return String(engineFor(part).parseAndRenderSync(source, data))
}
