import type { Tx } from '../db/client.ts'
import { landingPages, locations } from '../db/schema.ts'
import { LIBRARY_PHOTOS } from './media-library.ts'

/** Metro areas of the demo operator: a short name, the page's name and the cities (city, state) it covers. */
const METROS: ReadonlyArray<{ short_name: string; name: string; cities: readonly string[] }> = [
  {
    short_name: 'dallas-fort-worth',
    name: 'Dallas–Fort Worth',
    cities: ['Dallas, TX', 'Fort Worth, TX', 'Plano, TX', 'Arlington, TX'],
  },
  { short_name: 'houston', name: 'Greater Houston', cities: ['Houston, TX'] },
  { short_name: 'austin-san-antonio', name: 'Austin and San Antonio', cities: ['Austin, TX', 'San Antonio, TX'] },
  {
    short_name: 'phoenix-valley',
    name: 'the Phoenix Valley',
    cities: ['Phoenix, AZ', 'Mesa, AZ', 'Scottsdale, AZ', 'Chandler, AZ'],
  },
  {
    short_name: 'los-angeles',
    name: 'Greater Los Angeles',
    cities: ['Los Angeles, CA', 'Long Beach, CA', 'Riverside, CA'],
  },
  { short_name: 'bay-area', name: 'the Bay Area', cities: ['San Jose, CA', 'Oakland, CA'] },
  {
    short_name: 'colorado-front-range',
    name: 'the Colorado Front Range',
    cities: ['Denver, CO', 'Colorado Springs, CO'],
  },
]

/**
 * A landing page per metro area with its facilities (issue 13), headed by a library photo. A small seed whose
 * facilities miss every metro gets one page for the state with the most facilities, so the screen is never empty.
 */
export async function seedLandingPages(tx: Tx) {
  const facilities = await tx
    .select({
      id: locations.id,
      name: locations.name,
      city: locations.city,
      state: locations.state,
      lat: locations.lat,
      long: locations.long,
    })
    .from(locations)
    .orderBy(locations.id)
  const pages = METROS.map((metro) => ({
    ...metro,
    here: facilities.filter((facility) => metro.cities.includes(`${facility.city}, ${facility.state}`)),
  })).filter((metro) => metro.here.length > 0)
  if (pages.length === 0 && facilities.length > 0) {
    const counts = new Map<string, number>()
    for (const facility of facilities) counts.set(facility.state, (counts.get(facility.state) ?? 0) + 1)
    const state = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0]
    pages.push({
      short_name: `${state.toLowerCase()}-storage`,
      name: state,
      cities: [],
      here: facilities.filter((facility) => facility.state === state),
    })
  }
  if (pages.length === 0) return
  await tx.insert(landingPages).values(
    pages.map((metro, index) => {
      const cities = [...new Set(metro.here.map((facility) => facility.city))]
      const mean = (values: number[]) =>
        Number((values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(6))
      return {
        short_name: metro.short_name,
        full_name: `Self Storage in ${metro.name}`,
        header_image_src: `/img/${LIBRARY_PHOTOS[index % LIBRARY_PHOTOS.length]}`,
        image_alt: `Harbor Point Self Storage in ${metro.name}`,
        meta_title: `Self Storage in ${metro.name} | Harbor Point Self Storage`,
        meta_description: `${metro.here.length} Harbor Point ${metro.here.length === 1 ? 'facility' : 'facilities'} across ${cities.join(', ')}: drive-up and climate-controlled units, online rental.`,
        keywords: [`self storage ${metro.name.replace(/^the /, '').toLowerCase()}`],
        body: `## Storage across ${metro.name}\n\n${metro.here.map((facility) => `- **${facility.name}**, ${facility.city}`).join('\n')}\n\nReserve online in minutes; move in the same day.`,
        lat: mean(metro.here.map((facility) => Number(facility.lat))),
        long: mean(metro.here.map((facility) => Number(facility.long))),
        zoom_level: metro.here.length === 1 ? 12 : 9,
        facilities_ids: metro.here.map((facility) => facility.id),
      }
    }),
  )
}
