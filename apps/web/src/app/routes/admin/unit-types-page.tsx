import { useParams } from 'react-router'
import { UnitTypesPanel } from '../../../features/unit-types/components/unit-types-panel.tsx'

/** Unit Types (/locations/{location_code}/unit_types, spec: admin-console-part-1 §2). */
export function UnitTypesPage() {
  const { location_code: locationCode = '' } = useParams()
  return <UnitTypesPanel key={locationCode} locationCode={locationCode} />
}
