import type { SsmClient } from './client.ts'

/** `CancelAppointment(iAppointmentID)`; SsmError with the system's message when it refuses or cannot be reached. */
export async function cancelAppointment(ssm: SsmClient, appointmentId: number): Promise<void> {
  await ssm.call('CancelAppointment', { iAppointmentID: appointmentId })
}
