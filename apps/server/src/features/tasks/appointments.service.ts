import { eq } from 'drizzle-orm'
import { TASK_TEXT } from '@storageops/contracts/task-rules'
import type { AppointmentCancelResult } from '@storageops/contracts/tasks'
import type { Db } from '../../db/client.ts'
import { taskActivities, tasks } from '../../db/schema.ts'
import { badGateway, notFound } from '../../lib/http-error.ts'
import { cancelAppointment } from '../../integrations/ssm/appointments.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { activityActorOf, closedConflict, writeAudit, type TaskActor } from './task-writes.service.ts'

/**
 * Cancels in the storage-management system, then the task forgets the appointment with a note activity (spec §2).
 * Errors: 404 no task holds it; 409 the task is closed; 502 with the system's message.
 */
export async function cancelTaskAppointment(
  db: Db,
  ssm: SsmClient,
  appointmentId: number,
  actor: TaskActor,
): Promise<AppointmentCancelResult> {
  const [task] = await db
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .where(eq(tasks.appointment_id, appointmentId))
    .limit(1)
  if (!task) throw notFound(`No task holds appointment ${appointmentId}.`, 'id')
  if (task.status !== 'open') throw closedConflict('have an appointment cancelled')
  try {
    await cancelAppointment(ssm, appointmentId)
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(tasks).where(eq(tasks.id, task.id)).for('update').limit(1)
    const now = new Date()
    await tx.update(tasks).set({ appointment_id: null, updated_at: now }).where(eq(tasks.id, task.id))
    await tx.insert(taskActivities).values({
      task_id: task.id,
      location_code: locked!.location_code,
      action: 'note',
      note: `Appointment #${appointmentId} cancelled.`,
      status: locked!.status,
      role: locked!.role,
      ...activityActorOf(actor, now),
    })
    await writeAudit(
      tx,
      actor,
      'task.appointment_cancel',
      task.id,
      { appointment_id: appointmentId },
      { appointment_id: null },
    )
  })
  return { appointment_id: appointmentId, task_id: task.id, message: TASK_TEXT.appointmentCancelled }
}
