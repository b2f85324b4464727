import { GateCodeRotationPanel } from '../../../features/gate-codes/components/gate-code-rotation-panel.tsx'

export function GateCodeRotationPage() {
  return <GateCodeRotationPanel />
}
