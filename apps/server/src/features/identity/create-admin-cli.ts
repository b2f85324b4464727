import { parseArgs } from 'node:util'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { ADMIN_PAGES } from '@storageops/contracts/admin-pages'
import { openDatabase } from '../../db/client.ts'
import { roles, users } from '../../db/schema.ts'
import { loadEnv } from '../../env.ts'

/** `npm run create-admin -- --email … --password '…' [--first-name A --last-name B]`: makes or resets a superadmin. */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: '' },
    'last-name': { type: 'string', default: '' },
  },
})
const email = values.email?.trim().toLowerCase()
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error('--email must be a valid email address')
if (!values.password || values.password.length < 12) throw new Error('--password must have at least 12 characters')
const env = loadEnv()
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir })
const passwordHash = await hash(values.password)
await database.db.transaction(async (tx) => {
  let [role] = await tx.select().from(roles).where(eq(roles.name, 'Superadmin'))
  role ??= (
    await tx
      .insert(roles)
      .values({ name: 'Superadmin', superadmin: true, allowed_pages: ADMIN_PAGES.map((page) => page.path) })
      .returning()
  )[0]!
  const [existing] = await tx.select().from(users).where(eq(users.email, email))
  if (existing) {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, role_id: role.id, disabled: false, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
  } else {
    await tx.insert(users).values({
      email,
      password_hash: passwordHash,
      firstName: values['first-name'],
      lastName: values['last-name'],
      role_id: role.id,
    })
  }
})
console.log(`Superadmin ${email} is ready.`)
await database.close()
