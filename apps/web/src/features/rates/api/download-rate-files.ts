import { useMutation } from '@tanstack/react-query'
import { RATE_UPLOADS, type RateKind } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'

export function useDownloadRateLog(kind: RateKind) {
  return useMutation({
    mutationFn: (uploadId: number) =>
      api.download(`${RATE_UPLOADS[kind].api}/logs/${uploadId}`, RATE_UPLOADS[kind].logFileName(uploadId)),
  })
}

/** The example file (spec §7 static downloads), made from the live data for the roles allowed the page. */
export function useDownloadRateExample(kind: RateKind) {
  const { exampleFile } = RATE_UPLOADS[kind]
  return useMutation({ mutationFn: () => api.download(`/${exampleFile}`, exampleFile) })
}
