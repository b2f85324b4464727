import { useEffect, useMemo, useState, type ReactNode } from 'react'
import {
  Anchor,
  Button,
  FileInput,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import {
  IconAlertTriangle,
  IconBuildingWarehouse,
  IconCar,
  IconDeviceFloppy,
  IconExternalLink,
  IconInfoCircle,
  IconKey,
  IconMapPin,
  IconPhoto,
  IconReceipt,
  IconRoute,
} from '@tabler/icons-react'
import type { FacilityDetails } from '@storageops/contracts/facilities'
import {
  FACILITY_ALERTS_FIELD,
  PROPERTY_MAP_MAX_BYTES,
  PROPERTY_MAP_TYPES,
  SNAPSHOT_FIELDS,
  SNAPSHOT_SECTIONS,
  type SnapshotField,
  type SnapshotFieldKey,
} from '@storageops/contracts/facilities-fields'
import { googleMapsUrl } from '@storageops/contracts/facility-search'
import { TIME_ZONES, timeZoneLabel } from '@storageops/contracts/time-zones'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSaveFacilitySnapshot } from '../api/save-facility-snapshot.ts'
import { DetailSection } from './detail-section.tsx'
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx'

type FormValues = Record<SnapshotFieldKey, string>

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]
const TIME_ZONE_OPTIONS = TIME_ZONES.map((zone) => ({ value: zone.code, label: timeZoneLabel(zone.code) }))
const SECTION_ICONS: Record<string, typeof IconKey> = {
  'Location Information': IconMapPin,
  'Gate Access': IconKey,
  'Unique Details': IconInfoCircle,
  Wayfinding: IconRoute,
  'Property Information': IconBuildingWarehouse,
  'Unit Amenities': IconCar,
  'Billing and Insurance': IconReceipt,
}

/** Form text of every field: booleans as 'true'/'false', numbers as digits, blanks as ''. */
function valuesOf(facility: FacilityDetails): FormValues {
  return Object.fromEntries(
    SNAPSHOT_FIELDS.map((field) => {
      const value = facility[field.key]
      return [field.key, value === null || value === undefined ? '' : String(value)]
    }),
  ) as FormValues
}

/** The server's message without its leading 'field: ' (the field is shown beside the input). */
const fieldMessage = (error: ApiError) => (error.body.message ?? error.message).replace(/^[a-z_]+: /, '')

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: SnapshotField
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const common = { label: field.label, error, required: field.required, name: field.key }
  switch (field.kind) {
    case 'yes-no':
      return (
        <Select
          {...common}
          data={YES_NO}
          value={value || null}
          onChange={(next) => onChange(next ?? '')}
          allowDeselect={false}
        />
      )
    case 'time-zone':
      return (
        <Select
          {...common}
          data={TIME_ZONE_OPTIONS}
          value={value || null}
          onChange={(next) => onChange(next ?? '')}
          allowDeselect={false}
        />
      )
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={12}
        />
      )
    case 'date':
      return (
        <TextInput {...common} type="date" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
      )
    case 'integer':
    case 'gate-code':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          styles={
            field.kind === 'gate-code' ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined
          }
        />
      )
    case 'phone':
      return (
        <TextInput {...common} type="tel" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
      )
    default:
      return <TextInput {...common} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const Icon = SECTION_ICONS[title] ?? IconInfoCircle
  return (
    <DetailSection title={title} icon={<Icon size={20} color="var(--mantine-color-harbor-7)" aria-hidden />}>
      {children}
    </DetailSection>
  )
}

/**
 * The facility snapshot form (spec: admin-console-part-2 §2 "Facility snapshot editing"): Facility
 * Alerts and a Save button, then every field of the field tool's facility detail in the spec's
 * sections, with yes/no and time-zone selects and the property map upload under Wayfinding. Edits
 * mark the form unsaved until a save succeeds; leaving before then asks first.
 */
export function SnapshotEditor({ facility, header }: { facility: FacilityDetails; header?: ReactNode }) {
  const saved = useMemo(() => valuesOf(facility), [facility])
  const [values, setValues] = useState<FormValues>(saved)
  const [propertyMap, setPropertyMap] = useState<File | null>(null)
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const save = useSaveFacilitySnapshot()
  // A saved facility (new details from the server) becomes the form's starting point again.
  const [shownFacility, setShownFacility] = useState(facility)
  if (shownFacility !== facility) {
    setShownFacility(facility)
    setValues(saved)
    setPropertyMap(null)
    setErrors({})
  }
  const isDirty = propertyMap !== null || SNAPSHOT_FIELDS.some((field) => values[field.key] !== saved[field.key])

  const preview = useMemo(() => (propertyMap ? URL.createObjectURL(propertyMap) : null), [propertyMap])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  const change = (key: SnapshotFieldKey) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  const submit = () => {
    const form = new FormData()
    form.append('slug', facility.slug)
    form.append('location_code', facility.location_code)
    for (const field of SNAPSHOT_FIELDS) form.append(field.key, values[field.key])
    if (propertyMap) form.append('upload_file', propertyMap, propertyMap.name)
    save.mutate(form, {
      onSuccess: (result) => showToast(result.message, 'success'),
      onError: (error) => {
        if (error instanceof ApiError && error.body.field) setErrors({ [error.body.field]: fieldMessage(error) })
        showToast(error.message, 'error')
      },
    })
  }

  const fieldsOf = (fields: SnapshotField[]) =>
    fields.map((field) => (
      <FieldInput
        key={field.key}
        field={field}
        value={values[field.key]}
        error={errors[field.key]}
        onChange={change(field.key)}
      />
    ))

  const currentMap = facility.property_map ? `/img/${encodeURIComponent(facility.property_map)}` : null
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      aria-label={`Snapshot of ${facility.name}`}
    >
      <UnsavedChangesGuard when={isDirty && !save.isPending} />
      <Stack gap="lg">
        {header}
        {/* The Save bar stays in view while the long form scrolls. */}
        <Group
          justify="space-between"
          wrap="wrap"
          gap="sm"
          py="xs"
          bg="gray.0"
          style={{
            position: 'sticky',
            top: 'var(--app-shell-header-offset, 64px)',
            zIndex: 5,
            borderBottom: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Text fz="sm" c="gray.7">
            {facility.location_code} · {facility.facility_address}, {facility.city}, {facility.state} {facility.zip}
          </Text>
          <Group gap="sm">
            {isDirty && (
              <Text fz="sm" c="red.9" fw={600}>
                Unsaved changes
              </Text>
            )}
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
        <Textarea
          label={FACILITY_ALERTS_FIELD.label}
          name={FACILITY_ALERTS_FIELD.key}
          description="Shown with an alert icon at the top of the facility page in the field tool."
          leftSection={<IconAlertTriangle size={18} color="var(--mantine-color-red-7)" aria-hidden />}
          leftSectionProps={{ style: { alignItems: 'flex-start', paddingTop: 8 } }}
          value={values.facility_alerts}
          error={errors.facility_alerts}
          onChange={(event) => change('facility_alerts')(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
          {SNAPSHOT_SECTIONS.map((section) => (
            <Section key={section.title} title={section.title}>
              {section.title === 'Wayfinding' ? (
                <Stack gap="md">
                  <Group gap="md">
                    <Anchor href={googleMapsUrl(facility)} target="_blank" rel="noopener noreferrer" fz="sm">
                      Google Map <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                    </Anchor>
                    <Anchor href={facility.website_url} target="_blank" rel="noopener noreferrer" fz="sm">
                      Website <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                    </Anchor>
                  </Group>
                  <FileInput
                    label="Property Map"
                    name="upload_file"
                    description={`PNG, JPEG or WebP, up to ${PROPERTY_MAP_MAX_BYTES / 1024 / 1024} MB. It replaces the current image when you save.`}
                    placeholder="Choose an image…"
                    accept={PROPERTY_MAP_TYPES.join(',')}
                    leftSection={<IconPhoto size={18} aria-hidden />}
                    value={propertyMap}
                    onChange={(file) => {
                      setPropertyMap(file)
                      setErrors((current) => ({ ...current, upload_file: undefined }))
                    }}
                    error={errors.upload_file}
                    clearable
                    styles={{
                      description: { color: 'var(--mantine-color-gray-7)' },
                      placeholder: { color: 'var(--mantine-color-gray-7)' },
                    }}
                  />
                  {(preview ?? currentMap) ? (
                    <Anchor
                      href={preview ?? currentMap!}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={
                        preview
                          ? 'Chosen property map (opens in a new tab)'
                          : 'Current property map (opens in a new tab)'
                      }
                    >
                      <Image
                        src={preview ?? currentMap}
                        alt={`Property map of ${facility.name}${preview ? ' (not saved yet)' : ''}`}
                        h={180}
                        w="auto"
                        fit="contain"
                        radius="sm"
                        bd="1px solid gray.3"
                      />
                    </Anchor>
                  ) : (
                    <Text fz="sm" c="gray.7">
                      No property map yet.
                    </Text>
                  )}
                </Stack>
              ) : section.fields.length === 1 && section.fields[0]!.kind === 'textarea' ? (
                <Textarea
                  aria-label={section.fields[0]!.label}
                  name={section.fields[0]!.key}
                  value={values[section.fields[0]!.key]}
                  error={errors[section.fields[0]!.key]}
                  onChange={(event) => change(section.fields[0]!.key)(event.currentTarget.value)}
                  autosize
                  minRows={4}
                  maxRows={14}
                />
              ) : (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
                  {fieldsOf(section.fields)}
                </SimpleGrid>
              )}
            </Section>
          ))}
        </SimpleGrid>
      </Stack>
    </form>
  )
}
