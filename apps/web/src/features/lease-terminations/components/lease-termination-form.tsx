import { useMemo, useRef, useState } from 'react'
import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { IconHistory, IconSend } from '@tabler/icons-react'
import { Link } from 'react-router'
import {
  LEASE_TERMINATION_MESSAGES,
  TERMINATION_REASONS,
  TERMINATION_TYPES,
  reasonWithNotes,
  type TerminationType,
} from '@storageops/contracts/lease-terminations'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useRentedUnits } from '../api/ssm-units.ts'
import { useSubmitLeaseTermination } from '../api/submit-lease-termination.ts'

export interface FacilityChoice {
  location_code: string
  name: string
}

const todayIso = () => new Date().toLocaleDateString('en-CA')

/** Generate Lease Termination (spec: admin-console-part-2 §2, §4, §5, §8). */
export function LeaseTerminationForm({
  facilities,
  showHistoryLink,
}: {
  facilities: readonly FacilityChoice[]
  showHistoryLink: boolean
}) {
  const [facility, setFacility] = useState<string | null>(null)
  const [units, setUnits] = useState<string[]>([])
  const [type, setType] = useState<TerminationType>('Non-renewal')
  const [date, setDate] = useState('')
  const [time, setTime] = useState('')
  const [reason, setReason] = useState<string | null>(null)
  const [notes, setNotes] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const rented = useRentedUnits(facility)
  const submit = useSubmitLeaseTermination()
  // The mutation reports pending a moment after the click; a double click must not send twice (issue 35).
  const isSending = useRef(false)
  const [isSubmitting, setSubmitting] = useState(false)

  const unitGroups = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>()
    for (const unit of rented.data ?? []) {
      const group = `${unit.tenant_name || 'Tenant'} (#${unit.tenant_id})`
      groups.set(group, [...(groups.get(group) ?? []), { value: unit.unit_no, label: unit.unit_no }])
    }
    return [...groups].map(([group, items]) => ({ group, items }))
  }, [rented.data])
  const tenantCount = new Set(
    (rented.data ?? []).filter((unit) => units.includes(unit.unit_no)).map((unit) => unit.tenant_id),
  ).size

  const isComplete = Boolean(facility && units.length > 0 && type && date && time && reason)
  const reset = () => {
    setUnits([])
    setDate('')
    setTime('')
    setReason(null)
    setNotes('')
  }
  const send = () => {
    if (!isComplete || isSending.current) return
    isSending.current = true
    setSubmitting(true)
    setFailure(null)
    submit.mutate(
      {
        locationCode: facility!,
        unit_numbers: units,
        termination_type: type.toUpperCase(),
        form_date: date,
        time,
        reason_and_notes: reasonWithNotes(reason!, notes),
      },
      {
        onSuccess: () => {
          showToast(LEASE_TERMINATION_MESSAGES.done, 'success')
          reset()
        },
        onError: (error) => {
          showToast(LEASE_TERMINATION_MESSAGES.failed, 'error')
          setFailure(errorMessage(error, LEASE_TERMINATION_MESSAGES.failed))
        },
        onSettled: () => {
          isSending.current = false
          setSubmitting(false)
        },
      },
    )
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Generate Lease Termination"
        description="Each tenant gets a notice by email and text, one tenant at a time, 5 seconds apart."
        actions={
          <Button
            component={Link}
            to="/lease-terminations/history"
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Lease Terminations History
          </Button>
        }
      />
      <FormError message={failure} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={760}>
        <Stack gap="md">
          <Select
            label="Facility"
            placeholder="Choose a facility"
            searchable
            required
            data={facilities.map((location) => ({
              value: location.location_code,
              label: `${location.name} (${location.location_code})`,
            }))}
            value={facility}
            onChange={(value) => {
              setFacility(value)
              setUnits([])
            }}
            nothingFoundMessage="No facility matches"
          />
          <MultiSelect
            label="Units"
            description={
              facility
                ? rented.isPending
                  ? 'Loading rented units…'
                  : `${rented.data?.length ?? 0} rented units, grouped by tenant${units.length ? ` · ${units.length} chosen for ${tenantCount} ${tenantCount === 1 ? 'tenant' : 'tenants'}` : ''}`
                : 'Choose a facility first'
            }
            placeholder={units.length ? undefined : 'Choose rented units'}
            searchable
            required
            disabled={!facility || rented.isPending}
            data={unitGroups}
            value={units}
            onChange={setUnits}
            error={rented.error ? errorMessage(rented.error, 'The units could not be loaded.') : undefined}
            nothingFoundMessage="No rented unit matches"
            maxDropdownHeight={280}
          />
          <Radio.Group label="Type" required value={type} onChange={(value) => setType(value)}>
            <Group mt={6}>
              {TERMINATION_TYPES.map((option) => (
                <Radio key={option} value={option} label={option} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Date"
              type="date"
              required
              min={todayIso()}
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
            />
            <TextInput
              label="Time"
              type="time"
              required
              value={time}
              onChange={(event) => setTime(event.currentTarget.value)}
            />
          </SimpleGrid>
          <Select
            label="Reason"
            placeholder="Choose a reason"
            required
            data={[...TERMINATION_REASONS]}
            value={reason}
            onChange={setReason}
          />
          <Textarea
            label="Notes"
            description="Added to the reason after ' - '."
            autosize
            minRows={2}
            maxLength={1500}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
          />
          {reason && (
            <Text fz="sm" c="gray.7">
              Reason on the notice: <strong>{reasonWithNotes(reason, notes)}</strong>
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              onClick={send}
              disabled={!isComplete}
              loading={isSubmitting}
              leftSection={<IconSend size={16} aria-hidden />}
            >
              Submit
            </Button>
          </Group>
        </Stack>
      </Paper>
      {showHistoryLink && (
        <Anchor component={Link} to="/communication-history" fz="sm">
          See the emails and texts in Communication History
        </Anchor>
      )}
    </Stack>
  )
}
