import { UnitTypesPanel } from '../../../features/unit-types/components/unit-types-panel.tsx'
import { CanonicalLocationCode } from './canonical-location-code.tsx'

export function UnitTypesPage() {
  return (
    <CanonicalLocationCode>
      {(locationCode) => <UnitTypesPanel key={locationCode} locationCode={locationCode} />}
    </CanonicalLocationCode>
  )
}
