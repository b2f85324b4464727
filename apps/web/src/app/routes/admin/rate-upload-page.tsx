import { useLocation } from 'react-router'
import type { RateKind } from '@storageops/contracts/rates'
import { RateUpload } from '../../../features/rates/components/rate-upload.tsx'
import { RateUploadLogs } from '../../../features/rates/components/rate-upload-logs.tsx'
import { useAdminUser } from './use-admin-user.ts'

const kindOf = (path: string): RateKind => (path.startsWith('/tenant-rate-upload') ? 'tenant_rate' : 'street_rate')

/** /street-rate-upload and /tenant-rate-upload (spec: admin-console-part-2 §2): one screen, the kind by path. */
export function RateUploadPage() {
  const { pathname } = useLocation()
  const user = useAdminUser()
  const kind = kindOf(pathname)
  return <RateUpload key={kind} kind={kind} userId={user.id} />
}

/** /street-rate-upload/logs and /tenant-rate-upload/logs: Upload Logs, one screen serving both, chosen by path (spec §2). */
export function RateUploadLogsPage() {
  const kind = kindOf(useLocation().pathname)
  return <RateUploadLogs key={kind} kind={kind} />
}
