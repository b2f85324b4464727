import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { CommunicationTemplate, UpdateTemplateInput } from '@storageops/contracts/communications'
import { COMMUNICATION_MESSAGES } from '@storageops/contracts/communications'
import {
  MESSAGE_TEMPLATES,
  isMessageTemplateKey,
  placeholdersOf,
  renderTemplatePart,
  templatePartProblem,
  type MessageTemplateKey,
  type TemplatePart,
} from '@storageops/contracts/message-templates'
import type { Db, Tx } from '../../db/client.ts'
import {
  communicationTemplates,
  communications,
  leaseTerminationBatches,
  leaseTerminations,
  rateUploadRows,
  rateUploads,
} from '../../db/schema.ts'
import { badRequest, notFound } from '../../lib/http-error.ts'
import { recordAudit, type AuditActor } from '../../lib/audit.ts'
import { DEFAULT_TEMPLATES } from './default-templates.ts'

type TemplateRow = typeof communicationTemplates.$inferSelect

/** Sends a template's status looks at: its last RECENT_SENDS finished sends of the last day, once there are MIN_SENDS. */
const RECENT_SENDS = 20
const MIN_SENDS = 5
const PARTS: TemplatePart[] = ['sms_body', 'email_subject', 'email_body']

/** Batches of a template still going out (issue 35) with the notices they have left. */
async function sendingOf(db: Db | Tx, templateIds: number[]): Promise<Map<number, CommunicationTemplate['sending']>> {
  if (templateIds.length === 0) return new Map()
  const [notices, rates] = await Promise.all([
    db
      .select({
        template_id: leaseTerminationBatches.template_id,
        batches: sql<number>`count(distinct ${leaseTerminationBatches.id})::int`,
        left: sql<number>`count(${leaseTerminations.id})::int`,
      })
      .from(leaseTerminationBatches)
      .innerJoin(
        leaseTerminations,
        and(eq(leaseTerminations.batch_id, leaseTerminationBatches.id), eq(leaseTerminations.status, 'pending')),
      )
      .where(
        and(eq(leaseTerminationBatches.status, 'running'), inArray(leaseTerminationBatches.template_id, templateIds)),
      )
      .groupBy(leaseTerminationBatches.template_id),
    db
      .select({
        template_id: rateUploads.template_id,
        batches: sql<number>`count(distinct ${rateUploads.id})::int`,
        left: sql<number>`count(${rateUploadRows.id})::int`,
      })
      .from(rateUploads)
      .innerJoin(
        rateUploadRows,
        and(eq(rateUploadRows.upload_id, rateUploads.id), inArray(rateUploadRows.state, ['pending', 'applying'])),
      )
      .where(and(eq(rateUploads.status, 'processing'), inArray(rateUploads.template_id, templateIds)))
      .groupBy(rateUploads.template_id),
  ])
  const sending = new Map<number, NonNullable<CommunicationTemplate['sending']>>()
  for (const { template_id, batches, left } of [...notices, ...rates]) {
    const before = sending.get(template_id!) ?? { batches: 0, notices_left: 0 }
    sending.set(template_id!, { batches: before.batches + batches, notices_left: before.notices_left + left })
  }
  return sending
}

function toTemplate(row: TemplateRow, sending: CommunicationTemplate['sending'] = null): CommunicationTemplate {
  const key = row.key as MessageTemplateKey
  return {
    id: row.id,
    key: row.key,
    template_name: row.template_name,
    status: row.status,
    status_updated_at: row.status_updated_at.toISOString(),
    status_reason: row.status_reason,
    sms_body: row.sms_body,
    email_subject: row.email_subject,
    email_body: row.email_body,
    placeholders: isMessageTemplateKey(key) ? placeholdersOf(key) : [],
    sample: isMessageTemplateKey(key) ? { ...MESSAGE_TEMPLATES[key].sample } : {},
    updatedAt: row.updatedAt.toISOString(),
    sending,
  }
}

/** Creates the templates the product sends that the database does not have yet (every start; idempotent). */
export async function ensureMessageTemplates(db: Db | Tx): Promise<void> {
  const rows = Object.entries(DEFAULT_TEMPLATES).map(([key, body]) => ({
    key,
    template_name: MESSAGE_TEMPLATES[key as MessageTemplateKey].template_name,
    ...body,
  }))
  await db.insert(communicationTemplates).values(rows).onConflictDoNothing({ target: communicationTemplates.key })
}

function firstProblem(key: MessageTemplateKey, parts: Record<TemplatePart, string>) {
  for (const part of PARTS) {
    const problem = templatePartProblem(key, part, parts[part])
    if (problem) return { part, problem }
    try {
      renderTemplatePart(part, parts[part], MESSAGE_TEMPLATES[key].sample)
    } catch (error) {
      return { part, problem: `could not be rendered: ${(error as Error).message}` }
    }
  }
  return null
}

const PART_LABELS: Record<TemplatePart, string> = {
  sms_body: 'SMS Body',
  email_subject: 'Email Subject',
  email_body: 'Email Body',
}

export async function listTemplates(db: Db): Promise<CommunicationTemplate[]> {
  const rows = await db.select().from(communicationTemplates).orderBy(asc(communicationTemplates.id))
  const sending = await sendingOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toTemplate(row, sending.get(row.id)))
}

/** One template; 404 'Template not found' (spec §8). */
export async function getTemplate(db: Db | Tx, id: number): Promise<CommunicationTemplate> {
  const [row] = await db.select().from(communicationTemplates).where(eq(communicationTemplates.id, id))
  if (!row) throw notFound(COMMUNICATION_MESSAGES.templateNotFound)
  return toTemplate(row, (await sendingOf(db, [id])).get(id))
}

/** 400 naming the field for a part that does not parse or uses another placeholder; the status is recomputed. */
export async function updateTemplate(
  db: Db,
  id: number,
  input: UpdateTemplateInput,
  actor: AuditActor,
): Promise<CommunicationTemplate> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(communicationTemplates)
      .where(eq(communicationTemplates.id, id))
      .for('update')
    if (!before) throw notFound(COMMUNICATION_MESSAGES.templateNotFound)
    if (isMessageTemplateKey(before.key)) {
      const problem = firstProblem(before.key, input)
      if (problem) throw badRequest(`${PART_LABELS[problem.part]} ${problem.problem}`, problem.part)
    }
    const [after] = await tx
      .update(communicationTemplates)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(communicationTemplates.id, id))
      .returning()
    await refreshTemplateStatus(tx, id)
    await recordAudit(tx, actor, 'update', 'communication_template', String(id), before, after!)
    return getTemplate(tx, id)
  })
}

/** Issue when the sample does not render or over `failurePercent` % of recent sends failed (issue 14), else Operational. */
export async function refreshTemplateStatus(tx: Db | Tx, templateId: number, failurePercent = 20): Promise<void> {
  // Locked: concurrent sends of one template count in turn, so the last to commit sees every outcome.
  const [template] = await tx
    .select()
    .from(communicationTemplates)
    .where(eq(communicationTemplates.id, templateId))
    .for('update')
  if (!template) return
  let reason: string | null = null
  const problem = isMessageTemplateKey(template.key) ? firstProblem(template.key, template) : null
  if (problem) reason = `${PART_LABELS[problem.part]} ${problem.problem}`
  else {
    const recent = await tx
      .select({ status: communications.status })
      .from(communications)
      .where(
        and(
          eq(communications.template_id, templateId),
          inArray(communications.status, ['sent', 'delivered', 'failed']),
          gt(communications.createdAt, sql`now() - interval '1 day'`),
        ),
      )
      .orderBy(desc(communications.id))
      .limit(RECENT_SENDS)
    const failed = recent.filter((row) => row.status === 'failed').length
    if (recent.length >= MIN_SENDS && (failed * 100) / recent.length > failurePercent)
      reason = `${failed} of the last ${recent.length} sends failed`
  }
  const status = reason ? 'Issue' : 'Operational'
  if (status === template.status && reason === template.status_reason) return
  await tx
    .update(communicationTemplates)
    .set({
      status,
      status_reason: reason,
      ...(status !== template.status ? { status_updated_at: new Date() } : {}),
    })
    .where(eq(communicationTemplates.id, templateId))
}
