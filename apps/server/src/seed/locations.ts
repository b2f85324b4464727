import type { Tx } from '../db/client.ts'
import { locationContents, unitFilters } from '../db/schema.ts'
import type { DemoLocation } from './generate.ts'

export const DEMO_UNIT_FILTERS = [
  { filter_key: 'climate-controlled', name: 'Climate Controlled' },
  { filter_key: 'drive-up', name: 'Drive-Up Access' },
  { filter_key: 'first-floor', name: 'First Floor' },
  { filter_key: 'elevator', name: 'Elevator Access' },
  { filter_key: 'vehicle-parking', name: 'Vehicle Parking' },
  { filter_key: 'small', name: 'Small Units' },
] as const

/** One batched insert per 500 locations, so first start stays fast. */
export async function seedDemoLocationContent(tx: Tx, options: { locations: DemoLocation[] }): Promise<void> {
  await tx.insert(unitFilters).values([...DEMO_UNIT_FILTERS])
  for (let start = 0; start < options.locations.length; start += 500) {
    await tx.insert(locationContents).values(
      options.locations.slice(start, start + 500).map((location, index) => {
        const place = `${location.city}, ${location.state}`
        return {
          location_code: location.location_code,
          title: `Self Storage in ${place}`,
          meta_title: `${location.name} | Self Storage in ${place}`,
          meta_description: `Clean, secure storage units at ${location.address}, ${place}. Reserve online for up to ${location.reservation_window} days.`,
          keywords: [`storage ${location.city.toLowerCase()}`, `self storage ${location.state.toLowerCase()}`],
          body1: `## Storage at ${location.name}\n\nDrive-up and climate-controlled units near ${location.address}.\n\n- Gated access with personal codes\n- Moving supplies on site\n- Online payments`,
          body2: `| Size | Good for |\n|---|---|\n| 5x5 | Boxes and seasonal items |\n| 10x10 | A one-bedroom apartment |\n| 10x20 | A house or a car |`,
          facility_image: `${location.location_code.toLowerCase()}-front.jpg`,
          facility_image_alt: `Front gate of ${location.name}`,
          access_hours: '6:00 AM - 10:00 PM',
          customer_service_hours: 'Mon-Fri 9:30 AM - 6:00 PM, Sat 9:00 AM - 5:00 PM',
          website_move_in_completion_screen: true,
          kiosk_move_in_completion_screen: (start + index) % 3 === 0,
          unit_size_high_to_low: (start + index) % 4 === 0,
          unit_group_large_to_small: (start + index) % 5 === 0,
          recommended_unit: true,
          unit_groups_expanded: (start + index) % 2 === 0,
          fee_for_24hr_access: (start + index) % 7 === 0,
        }
      }),
    )
  }
}
