import { Fragment, useState, type ReactNode } from 'react'
import { Anchor, Button, Code, Group, SimpleGrid, Stack, Text, em, useMantineTheme } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconExternalLink, IconMap, IconMap2, IconMapPins, IconPhoto, IconWorld } from '@tabler/icons-react'
import { Link } from 'react-router'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import type { FacilityDetails } from '@storageops/contracts/facilities'
import { googleMapsUrl } from '@storageops/contracts/facility-search'
import { timeZoneLabel } from '@storageops/contracts/time-zones'
import { EMPTY_VALUE, formatFacilityValue, telephoneHref } from '../facility-value.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { DetailRows, type DetailRow } from './detail-section.tsx'
import { NearbyFacilitiesModal } from './nearby-facilities-modal.tsx'
import { SectionIcon } from './section-icon.tsx'

/** A gate or lock code, in a typeface that keeps 0/O and 1/l apart. */
function AccessCode({ value }: { value: string | null }) {
  return value ? (
    <Code fz="sm" fw={600} c="dark.8">
      {value}
    </Code>
  ) : (
    <>{EMPTY_VALUE}</>
  )
}

function PhoneLink({ phone }: { phone: string | null }) {
  return phone ? (
    <Anchor href={telephoneHref(phone)} fz="inherit">
      {phone}
    </Anchor>
  ) : (
    <>{EMPTY_VALUE}</>
  )
}

/** A wayfinding link that opens in a new tab, so the facility page stays open behind it. */
function WayfindingLink({ href, icon: Icon, children }: { href: string; icon: typeof IconMap; children: ReactNode }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      leftSection={<Icon size={18} aria-hidden />}
      rightSection={<IconExternalLink size={14} aria-label="(opens in a new tab)" />}
    >
      {children}
    </Button>
  )
}

const text = (value: string | number | boolean | null) => formatFacilityValue(value)

const SECTION_TITLES = {
  location: 'Location Information',
  gate: 'Gate Access',
  unique: 'Unique Details',
  wayfinding: 'Wayfinding',
  property: 'Property Information',
  amenities: 'Unit Amenities',
  billing: 'Billing and Insurance',
} as const
type SectionKey = keyof typeof SECTION_TITLES
const SPEC_ORDER: SectionKey[] = ['location', 'gate', 'unique', 'wayfinding', 'property', 'amenities', 'billing']
/** On a phone staff come for the gate first, then the address and phone (issue 18). */
const PHONE_ORDER: SectionKey[] = ['gate', 'location', 'unique', 'wayfinding', 'property', 'amenities', 'billing']
const sectionId = (title: string) => title.toLowerCase().replaceAll(' ', '-')

/** A facility's details in the spec's sections (spec: snapshot-field-tool §2, §3), with section links on phones. */
export function FacilityDetailsSections({ facility }: { facility: FacilityDetails }) {
  const [nearbyOpened, setNearbyOpened] = useState(false)
  const theme = useMantineTheme()
  const isSingleColumn = !useMediaQuery(`(min-width: ${em(theme.breakpoints.md)})`, true)

  const locationRows: DetailRow[] = [
    { label: 'Address', value: text(facility.facility_address) },
    { label: 'City', value: text(facility.city) },
    { label: 'State', value: text(facility.state) },
    { label: 'Zip', value: text(facility.zip) },
    { label: 'Nickname', value: text(facility.nickname) },
    { label: 'Pronunciation', value: text(facility.pronunciation) },
    { label: 'Unit Count', value: text(facility.unit_count) },
    { label: 'Phone', value: <PhoneLink phone={facility.phone} /> },
    { label: 'Time Zone', value: timeZoneLabel(facility.timezone) },
    { label: 'Landmark', value: text(facility.landmark) },
    {
      label: 'Date of Acquisition',
      value: facility.date_of_acquisition ? formatCalendarDate(facility.date_of_acquisition) : EMPTY_VALUE,
    },
    { label: 'Previous Owner', value: text(facility.previous_owner) },
  ]
  const gateRows: DetailRow[] = [
    { label: 'Kiosk', value: text(facility.kiosk) },
    { label: 'Gate', value: text(facility.gate) },
    { label: 'Fence', value: text(facility.fence) },
    { label: 'Cameras', value: text(facility.cameras) },
    { label: 'Access Hours', value: text(facility.access_hours) },
    { label: 'Auction Winner', value: <AccessCode value={facility.auction_winner} /> },
    { label: 'Emergency Code', value: <AccessCode value={facility.emergency_code} /> },
    { label: 'Temp Code', value: <AccessCode value={facility.temp_code} /> },
    { label: 'Interior Unit Access Code', value: <AccessCode value={facility.interior_unit_access_code} /> },
  ]
  const propertyRows: DetailRow[] = [
    { label: 'Truck Access', value: text(facility.truck_access) },
    { label: 'Floor Count', value: text(facility.floor_count) },
    { label: 'Elevator Type', value: text(facility.elevator_type) },
    { label: 'Unit Height', value: text(facility.unit_height) },
    { label: 'Parking Surface', value: text(facility.parking_surface) },
    { label: 'Local Tow Company', value: text(facility.local_tow_company) },
    { label: 'Tow Company Phone', value: <PhoneLink phone={facility.tow_company_phone} /> },
  ]
  const amenityRows: DetailRow[] = [
    { label: 'Climate Controlled Units', value: text(facility.climate_controlled_units) },
    { label: 'Climate Controlled Type', value: text(facility.climate_controlled_type) },
    { label: 'Climate Controlled Range', value: text(facility.climate_controlled_range) },
    { label: 'RV Parking', value: text(facility.rv_ranking) },
    { label: 'Indoor Parking', value: text(facility.indoor_parking) },
    { label: 'Outdoor Parking', value: text(facility.outdoor_parking) },
    { label: 'Outside Units', value: text(facility.outside_units) },
    { label: 'RV and Boat Only', value: text(facility.rv_and_boat_only) },
  ]
  const billingRows: DetailRow[] = [
    { label: 'Insurance', value: text(facility.insurance) },
    { label: 'Protection', value: text(facility.protection) },
    { label: 'Insurance Levels', value: text(facility.insurance_levels) },
    { label: 'Unit Tax', value: text(facility.unit_tax) },
    { label: 'Unit Tax Rate', value: text(facility.unit_tax_rate) },
    { label: 'Parking Tax', value: text(facility.parking_tax) },
    { label: 'Parking Tax Rate', value: text(facility.parking_tax_rate) },
    { label: 'Late Fee Scheme', value: text(facility.late_fee_scheme) },
    { label: 'Lien Fee', value: text(facility.lien_fee) },
  ]

  const sections: Record<SectionKey, ReactNode> = {
    location: (
      <SectionCard
        id={sectionId('Location Information')}
        title="Location Information"
        icon={<SectionIcon title="Location Information" />}
      >
        <DetailRows rows={locationRows} />
      </SectionCard>
    ),
    gate: (
      <SectionCard id={sectionId('Gate Access')} title="Gate Access" icon={<SectionIcon title="Gate Access" />}>
        <DetailRows rows={gateRows} />
      </SectionCard>
    ),
    unique: (
      <SectionCard
        id={sectionId('Unique Details')}
        title="Unique Details"
        icon={<SectionIcon title="Unique Details" />}
      >
        <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
          {text(facility.unique_details)}
        </Text>
      </SectionCard>
    ),
    wayfinding: (
      <SectionCard id={sectionId('Wayfinding')} title="Wayfinding" icon={<SectionIcon title="Wayfinding" />}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
            <Button
              variant="light"
              leftSection={<IconMapPins size={18} aria-hidden />}
              onClick={() => setNearbyOpened(true)}
            >
              Nearby Facilities
            </Button>
            <WayfindingLink href={googleMapsUrl(facility)} icon={IconMap}>
              Google Map
            </WayfindingLink>
            {facility.property_map ? (
              <WayfindingLink href={`/img/${encodeURIComponent(facility.property_map)}`} icon={IconPhoto}>
                Property Map
              </WayfindingLink>
            ) : (
              <Button variant="default" disabled leftSection={<IconPhoto size={18} aria-hidden />}>
                No Property Map
              </Button>
            )}
            <Button
              component={Link}
              to={`/${facility.slug}/map`}
              variant="default"
              leftSection={<IconMap2 size={18} aria-hidden />}
            >
              Interactive Map
            </Button>
            <WayfindingLink href={facility.website_url} icon={IconWorld}>
              Website
            </WayfindingLink>
          </SimpleGrid>
          <DetailRows rows={[{ label: 'Coordinates', value: `${facility.lat}, ${facility.long}` }]} />
        </Stack>
        <NearbyFacilitiesModal origin={facility} opened={nearbyOpened} onClose={() => setNearbyOpened(false)} />
      </SectionCard>
    ),
    property: (
      <SectionCard
        id={sectionId('Property Information')}
        title="Property Information"
        icon={<SectionIcon title="Property Information" />}
      >
        <DetailRows rows={propertyRows} />
      </SectionCard>
    ),
    amenities: (
      <SectionCard
        id={sectionId('Unit Amenities')}
        title="Unit Amenities"
        icon={<SectionIcon title="Unit Amenities" />}
      >
        <DetailRows rows={amenityRows} />
      </SectionCard>
    ),
    billing: (
      <SectionCard
        id={sectionId('Billing and Insurance')}
        title="Billing and Insurance"
        icon={<SectionIcon title="Billing and Insurance" />}
      >
        <DetailRows rows={billingRows} />
      </SectionCard>
    ),
  }

  const order = isSingleColumn ? PHONE_ORDER : SPEC_ORDER
  return (
    <Stack gap="md">
      {isSingleColumn && (
        <Group component="nav" aria-label="Jump to section" gap={6}>
          {order.map((key) => (
            <Button
              key={key}
              component="a"
              href={`#${sectionId(SECTION_TITLES[key])}`}
              size="compact-sm"
              variant="default"
              radius="xl"
            >
              {SECTION_TITLES[key]}
            </Button>
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        {order.map((key) => (
          <Fragment key={key}>{sections[key]}</Fragment>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
