import { useMutation } from '@tanstack/react-query'
import { LEASE_TERMINATION_CSV_NAME } from '@storageops/contracts/lease-terminations'
import { api } from '../../../lib/api.ts'

export function downloadHistoryCsv() {
  return api.download('/api/lease_terminations/csv', LEASE_TERMINATION_CSV_NAME)
}

export function useDownloadHistoryCsv() {
  return useMutation({ mutationFn: downloadHistoryCsv })
}
