import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Anchor, Button, FileInput, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconDeviceFloppy, IconExternalLink, IconPhoto } from '@tabler/icons-react'
import { SaveFacilitySnapshotInput, type FacilityDetails } from '@storageops/contracts/facilities'
import {
  FACILITY_ALERTS_FIELD,
  HIDE_IN_SNAPSHOT_FIELD,
  PROPERTY_MAP_MAX_BYTES,
  PROPERTY_MAP_TYPES,
  SNAPSHOT_FIELDS,
  SNAPSHOT_SECTIONS,
  type SnapshotField,
} from '@storageops/contracts/facilities-fields'
import { googleMapsUrl } from '@storageops/contracts/facility-search'
import { formValuesOf } from '@storageops/contracts/fields'
import { FieldInput } from '../../../components/ui/field-input.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSaveFacilitySnapshot } from '../api/save-facility-snapshot.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard.tsx'
import { DetailsNotFilledIn } from './details-not-filled-in.tsx'
import { SectionIcon } from './section-icon.tsx'

const valuesOf = (facility: FacilityDetails) => ({
  location_code: facility.location_code,
  slug: facility.slug,
  ...formValuesOf(SNAPSHOT_FIELDS, facility),
})

/** The facility snapshot form (spec: admin-console-part-2 §2): edits count as unsaved until a save succeeds. */
export function SnapshotEditor({ facility, header }: { facility: FacilityDetails; header?: ReactNode }) {
  const [propertyMap, setPropertyMap] = useState<File | null>(null)
  const [propertyMapError, setPropertyMapError] = useState<string | null>(null)
  const save = useSaveFacilitySnapshot()
  const { form, submit, showServerError, markSaved, changedKeys } = useSchemaForm({
    name: 'snapshot',
    schema: SaveFacilitySnapshotInput,
    initialValues: valuesOf(facility),
    fields: SNAPSHOT_FIELDS,
  })
  const changed = changedKeys.length + (propertyMap ? 1 : 0)

  const preview = useMemo(() => (propertyMap ? URL.createObjectURL(propertyMap) : null), [propertyMap])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  const handleSubmit = submit((_checked, values) => {
    const body = new FormData()
    for (const [key, value] of Object.entries(values)) body.append(key, String(value))
    if (propertyMap) body.append('upload_file', propertyMap, propertyMap.name)
    save.mutate(body, {
      onSuccess: (result) => {
        markSaved(valuesOf(result.facility))
        setPropertyMap(null)
        showToast(result.message, 'success')
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body.field === 'upload_file') {
          setPropertyMapError(error.message)
          showToast(error.message, 'error')
        } else showToast(showServerError(error, error.message), 'error')
      },
    })
  })

  const fieldsOf = (fields: readonly SnapshotField[]) =>
    fields.map((field) => <FieldInput key={field.key} field={field} {...form.getInputProps(field.key)} />)

  const currentMap = facility.property_map ? `/img/${encodeURIComponent(facility.property_map)}` : null
  return (
    <form onSubmit={handleSubmit} aria-label={`Snapshot of ${facility.name}`} noValidate>
      <UnsavedChangesGuard changed={save.isPending ? 0 : changed} noun="field" />
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
            {changed > 0 && (
              <Text fz="sm" c="red.9" fw={600}>
                Unsaved changes
              </Text>
            )}
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
        {!facility.details_filled_in && <DetailsNotFilledIn where="editor" />}
        <FieldInput field={FACILITY_ALERTS_FIELD} {...form.getInputProps(FACILITY_ALERTS_FIELD.key)} />
        <FieldInput field={HIDE_IN_SNAPSHOT_FIELD} {...form.getInputProps(HIDE_IN_SNAPSHOT_FIELD.key)} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
          {SNAPSHOT_SECTIONS.map((section) => (
            <SectionCard key={section.title} title={section.title} icon={<SectionIcon title={section.title} />}>
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
                      setPropertyMapError(null)
                    }}
                    error={propertyMapError}
                    clearable
                    styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
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
              ) : section.fields.length === 1 ? (
                <FieldInput field={section.fields[0]!} hideLabel {...form.getInputProps(section.fields[0]!.key)} />
              ) : (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
                  {fieldsOf(section.fields)}
                </SimpleGrid>
              )}
            </SectionCard>
          ))}
        </SimpleGrid>
      </Stack>
    </form>
  )
}
