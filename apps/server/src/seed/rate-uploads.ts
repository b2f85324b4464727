import { eq } from 'drizzle-orm'
import { RATE_UPLOADS, type RateKind } from '@storageops/contracts/rates'
import type { Db } from '../db/client.ts'
import { rateUploads, roles, users } from '../db/schema.ts'
import { ssmClientFor } from '../integrations/ssm/client.ts'
import { startSsmStandIn } from '../integrations/ssm/stand-in.ts'
import { toAdminUser } from '../lib/session.ts'
import type { AdminSession } from '../lib/admin-session.ts'
import { ensureMessageTemplates } from '../features/communications/templates.service.ts'
import { runRateUpload } from '../features/rates/rate-processing.job.ts'
import { exampleRateCsv, startRateProcessing, uploadRateFile } from '../features/rates/rates.service.ts'
import { demoSsmData } from './ssm-data.ts'

/** The seed's own stand-in and client: loopback only, stopped when the uploads are processed. */
const SEED_SSM = { SSM_CORP_CODE: 'DEMO', SSM_USER: 'seed', SSM_PASSWORD: 'seed', SSM_TIMEOUT_MS: 10_000 }

/** One processed upload of each kind (issue 16) for Upload Logs, against a stand-in whose rates live in memory. */
export async function seedRateUploads(db: Db): Promise<void> {
  const [admin] = await db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.email, 'admin@example.com'))
  if (!admin) return
  const actor: AdminSession = { id: 0, kind: 'admin', user: toAdminUser(admin.user, admin.role), expiresAt: new Date() }
  // The notices' template, which the app would otherwise create when it starts (idempotent).
  await ensureMessageTemplates(db)
  const standIn = await startSsmStandIn(db, SEED_SSM, demoSsmData())
  try {
    const ssm = ssmClientFor(SEED_SSM, standIn.url)
    for (const kind of ['street_rate', 'tenant_rate'] as const satisfies readonly RateKind[]) {
      const csv = await exampleRateCsv(db, ssm, kind)
      const file = { filename: RATE_UPLOADS[kind].exampleFile, data: Buffer.from(csv) }
      const { upload_id } = await uploadRateFile({ db, ssm, live: null }, kind, file, actor)
      const [upload] = await db.select().from(rateUploads).where(eq(rateUploads.id, upload_id))
      await startRateProcessing(
        db,
        kind,
        { uploaded_at: upload!.uploaded_at.toISOString(), user_id: actor.user.id },
        actor,
      )
      await runRateUpload({ db, ssm, live: null, log: { info: () => undefined } }, upload_id)
    }
  } finally {
    await standIn.close()
  }
}
