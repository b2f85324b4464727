import { GateCodeRotationPanel } from '../../../features/gate-codes/components/gate-code-rotation-panel.tsx'
import { useAdminUser } from './use-admin-user.ts'

export function GateCodeRotationPage() {
  const user = useAdminUser()
  return <GateCodeRotationPanel isSuperadmin={user.role?.superadmin === true} />
}
