import { useState } from 'react'
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { AUCTION_MESSAGES, CreateAuctionInput, GATE_CODE_PLACEHOLDER } from '@storageops/contracts/auctions'
import { DatePickerField } from '../../../components/ui/date-picker-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { fieldErrorsOf } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateAuction } from '../api/create-auction.ts'

/** The start of a picked day and the end of one, in the viewer's time zone, as ISO moments (spec §5). */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString()
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString()

/** 'Create new auction' (spec: admin-console-part-1 §2, §5, §8). */
export function CreateAuctionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [start, setStart] = useState<string | null>(null)
  const [end, setEnd] = useState<string | null>(null)
  const [gateCode, setGateCode] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const create = useCreateAuction()

  const close = () => {
    setStart(null)
    setEnd(null)
    setGateCode('')
    setErrors({})
    onClose()
  }

  const save = () => {
    if (!start || !end) return
    const body = { startDate: startOfDay(start), endDate: endOfDay(end), gateCode: gateCode.trim() }
    const checked = CreateAuctionInput.safeParse(body)
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      return
    }
    setErrors({})
    create.mutate(body, {
      onSuccess: () => {
        showToast(AUCTION_MESSAGES.created, 'success')
        close()
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.body.message) {
          showToast(error.body.message, 'error')
          setErrors(Object.fromEntries(fieldErrorsOf(error).map(({ field, message }) => [field, message])))
        } else showToast(AUCTION_MESSAGES.createFailed, 'error')
      },
    })
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create new auction"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <DatePickerField
          label="Start date"
          placeholder="MM/DD/YYYY"
          valueFormat="MM/DD/YYYY"
          value={start}
          onChange={(value) => setStart(value)}
          error={errors.startDate}
          required
          popoverProps={{ withinPortal: true }}
        />
        <DatePickerField
          label="End date"
          placeholder="MM/DD/YYYY"
          valueFormat="MM/DD/YYYY"
          value={end}
          minDate={start ?? undefined}
          onChange={(value) => setEnd(value)}
          error={errors.endDate}
          required
        />
        <TextInput
          label="Gate code"
          placeholder={GATE_CODE_PLACEHOLDER}
          value={gateCode}
          onChange={(event) => setGateCode(event.currentTarget.value)}
          error={errors.gateCode}
          description="As the gate keypad takes it: 4 to 10 digits, with or without * and #"
          autoComplete="off"
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!start || !end || gateCode.trim() === ''} loading={create.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
