import { and, desc, eq } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { fieldUsers, notifications, tasks } from '../db/schema.ts'
import { generateEmployees } from './generate.ts'

const DEMO_FIELD_LOGINS = ['csagent', 'pmanager', 'rmanager']

/**
 * The three demo field logins as if they had signed in once (so assignments reach them from the start), and the
 * customer-service login's bell with the three newest open tasks of its role: two unread, one read.
 */
export async function seedDemoNotifications(tx: Tx): Promise<void> {
  const employees = generateEmployees().filter((employee) => DEMO_FIELD_LOGINS.includes(employee.username))
  const users = await tx
    .insert(fieldUsers)
    .values(employees.map(({ password: _password, ...employee }) => employee))
    .returning()
  const cs = users.find((user) => user.username === 'csagent')!
  const assigned = await tx
    .select({ id: tasks.id, updated_at: tasks.updated_at })
    .from(tasks)
    .where(and(eq(tasks.status, 'open'), eq(tasks.role, 'customer_service')))
    .orderBy(desc(tasks.updated_at), desc(tasks.id))
    .limit(3)
  if (assigned.length === 0) return
  await tx.insert(notifications).values(
    assigned.map((task, index) => ({
      user_id: cs.id,
      task_id: task.id,
      kind: 'task_assigned' as const,
      role: 'customer_service' as const,
      actor_name: 'Parker Dawson',
      created_at: task.updated_at,
      read_at: index === 2 ? task.updated_at : null,
      pushed_at: task.updated_at,
    })),
  )
}
