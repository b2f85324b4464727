import { useParams } from 'react-router'
import { UnitTypesPanel } from '../../../features/unit-types/components/unit-types-panel.tsx'

export function UnitTypesPage() {
  const { location_code: locationCode = '' } = useParams()
  return <UnitTypesPanel key={locationCode} locationCode={locationCode} />
}
