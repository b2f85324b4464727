import { TenantSettlements } from '../../../features/settlements/components/tenant-settlements.tsx'

/** /tenant-settlements (spec: admin-console-part-1 §2 "Tenant Settlements", path not shown; decision record 017). */
export function TenantSettlementsPage() {
  return <TenantSettlements />
}
