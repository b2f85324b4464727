import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AppointmentCancelResult } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

export function cancelAppointment(appointmentId: number) {
  return api.put<AppointmentCancelResult>(`/api/appointments/${appointmentId}/cancel`)
}

export function useCancelAppointment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  })
}
