import {
  IconBuildingWarehouse,
  IconCar,
  IconInfoCircle,
  IconKey,
  IconMapPin,
  IconReceipt,
  IconRoute,
} from '@tabler/icons-react'

const ICONS: Record<string, typeof IconKey> = {
  'Location Information': IconMapPin,
  'Gate Access': IconKey,
  'Unique Details': IconInfoCircle,
  Wayfinding: IconRoute,
  'Property Information': IconBuildingWarehouse,
  'Unit Amenities': IconCar,
  'Billing and Insurance': IconReceipt,
}

/** A facility-details section's icon, the same in the field tool and the editor. */
export function SectionIcon({ title }: { title: string }) {
  const Icon = ICONS[title] ?? IconInfoCircle
  return <Icon size={20} color="var(--mantine-color-harbor-7)" aria-hidden />
}
