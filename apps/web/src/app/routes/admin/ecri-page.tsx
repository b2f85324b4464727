import { EcriPlanner } from '../../../features/ecri/components/ecri-planner.tsx'

/** /ecri: the ECRI planner (issue 32, decision 025); its rule sets at /ecri/rule-sets (generic resource screens). */
export function EcriPage() {
  return <EcriPlanner />
}
