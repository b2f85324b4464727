import type { SsmClient } from './client.ts'

/**
 * The appointments client (issue 4): appointments live in the storage-management system and are
 * cancelled there with `CancelAppointment(iAppointmentID)`. Throws SsmError with the system's message
 * when it refuses (unknown or already cancelled appointment) or cannot be reached.
 */
export async function cancelAppointment(ssm: SsmClient, appointmentId: number): Promise<void> {
  await ssm.call('CancelAppointment', { iAppointmentID: appointmentId })
}
