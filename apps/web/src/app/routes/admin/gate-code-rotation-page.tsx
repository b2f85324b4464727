import { GateCodeRotationPanel } from '../../../features/gate-codes/components/gate-code-rotation-panel.tsx'

/** /gate-code-rotation (spec: admin-console-part-2 §2 "Gate code rotation (Bulk Update Gate Codes)"). */
export function GateCodeRotationPage() {
  return <GateCodeRotationPanel />
}
