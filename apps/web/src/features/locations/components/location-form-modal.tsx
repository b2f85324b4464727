import { useState, type FormEvent } from 'react'
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import type { LocationRecord } from '@storageops/contracts/locations'
import {
  LOCATION_MESSAGES,
  RESERVATION_WINDOW_MAX,
  RESERVATION_WINDOW_MIN,
  STRIKE_THROUGH_RATE_MAX,
} from '@storageops/contracts/location-rules'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateLocation } from '../api/create-location.ts'
import { useUpdateLocation } from '../api/update-location.ts'
import {
  LOCATION_FIELD_GROUPS,
  toFormValues,
  toLocationInput,
  type LocationField,
  type LocationFormValues,
} from '../location-fields.ts'
import { FetchReviewsButton } from './fetch-reviews-button.tsx'

// Mantine's default description grey is too light for WCAG AA on white.
const readable = { description: { color: 'var(--mantine-color-gray-7)' } }

interface LocationFormModalProps {
  opened: boolean
  /** The location to edit; null creates one. */
  location: LocationRecord | null
  onClose: () => void
}

/**
 * Create and Edit location (spec: admin-console-part-1 §2 Location modals, §3, §5): every location
 * field in groups. Turning SBOA off clears and disables the brochure; null values become defaults;
 * strike-through rate in % (default 0); reservation window 1–21; the image location is trimmed; payment
 * keys are write-only (the stored one shows masked and stays unless a new one is typed).
 */
export function LocationFormModal({ opened, location, onClose }: LocationFormModalProps) {
  const isPhone = useMediaQuery('(max-width: 36em)')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location ? `Edit Location ${location.location_code}` : 'Create Location'}
      size="xl"
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <LocationForm key={location?.id ?? 'new'} location={location} onDone={onClose} />}
    </Modal>
  )
}

function LocationForm({ location, onDone }: { location: LocationRecord | null; onDone: () => void }) {
  const [values, setValues] = useState<LocationFormValues>(() => toFormValues(location))
  const [error, setError] = useState<{ message: string; field?: string } | null>(null)
  const create = useCreateLocation()
  const update = useUpdateLocation()

  const set = (key: LocationField['key'], value: string | number | boolean) => {
    setError(null)
    setValues((current) => ({
      ...current,
      [key]: value,
      ...(key === 'sboa' && value === false ? { sboa_brochure: '' } : {}),
    }))
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const built = toLocationInput(values)
    if ('error' in built) return setError({ message: built.error, field: built.field })
    const onError = (failure: Error) =>
      setError({
        message:
          failure instanceof ApiError && failure.body.message ? failure.body.message : LOCATION_MESSAGES.saveFailed,
        field: failure instanceof ApiError ? failure.body.field : undefined,
      })
    if (location) {
      update.mutate(
        { id: location.id, body: built.body },
        {
          onSuccess: () => {
            showToast(LOCATION_MESSAGES.locationUpdated, 'success')
            onDone()
          },
          onError,
        },
      )
    } else {
      create.mutate(built.body, {
        onSuccess: () => {
          showToast(LOCATION_MESSAGES.locationCreated, 'success')
          onDone()
        },
        onError,
      })
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {error.message}
          </Alert>
        )}
        {LOCATION_FIELD_GROUPS.map((group) => (
          <Fieldset key={group.title} legend={group.title} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {group.fields.map((field) => (
                <FieldInput
                  key={field.key}
                  field={field}
                  value={values[field.key]}
                  hasError={error?.field === field.key}
                  disabled={field.key === 'sboa_brochure' && values.sboa !== true}
                  stored={location?.[field.key]}
                  onChange={(value) => set(field.key, value)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        <Group justify="space-between" mt="sm">
          {location ? <FetchReviewsButton locationCode={location.location_code} /> : <span />}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {location ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}

interface FieldInputProps {
  field: LocationField
  value: string | number | boolean
  hasError: boolean
  disabled: boolean
  stored: LocationRecord[keyof LocationRecord] | undefined
  onChange: (value: string | number | boolean) => void
}

function FieldInput({ field, value, hasError, disabled, stored, onChange }: FieldInputProps) {
  const common = {
    label: field.label,
    withAsterisk: field.required,
    description: field.description,
    styles: readable,
    error: hasError || undefined,
    disabled,
  }
  switch (field.kind) {
    case 'flag':
      return (
        <Switch
          label={field.label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          mt="xs"
        />
      )
    case 'long-text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={6}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
    case 'coordinate':
      return (
        <NumberInput
          {...common}
          decimalScale={6}
          hideControls
          value={value === '' ? '' : Number(value)}
          onChange={onChange}
        />
      )
    case 'reservation-window':
      return (
        <NumberInput
          {...common}
          min={RESERVATION_WINDOW_MIN}
          max={RESERVATION_WINDOW_MAX}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          value={value === '' ? '' : Number(value)}
          onChange={onChange}
        />
      )
    case 'percent':
      return (
        <NumberInput
          {...common}
          suffix="%"
          min={0}
          max={STRIKE_THROUGH_RATE_MAX}
          clampBehavior="none"
          decimalScale={2}
          allowNegative={false}
          value={value === '' ? '' : Number(value)}
          onChange={onChange}
        />
      )
    case 'secret':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          placeholder={typeof stored === 'string' ? `Saved: ${stored}` : 'Not set'}
          description="Stored encrypted. Type a new key to replace the saved one."
          visibilityToggleButtonProps={{ 'aria-label': `Show ${field.label}` }}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : 'text'}
          autoComplete="off"
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
  }
}
