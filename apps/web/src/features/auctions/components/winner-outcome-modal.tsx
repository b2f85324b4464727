import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core'
import { z } from 'zod'
import {
  AUCTION_MESSAGES,
  BackupBidderInput,
  PaidOutcomeInput,
  formatDollars,
  type AuctionWinner,
} from '@storageops/contracts/auctions'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { showToast } from '../../../lib/toast.ts'
import { useOfferToBackupBidder, useRecordWinnerOutcome } from '../api/auction-winners.ts'

/** Which form is open: the payment of a winner, a default (with an optional backup bidder), or a later offer. */
export type OutcomeForm = { kind: 'paid' | 'defaulted' | 'backup'; winner: AuctionWinner }

const BACKUP_FIELDS = [
  { key: 'backup_bidder.name', label: 'Backup bidder name' },
  { key: 'backup_bidder.email', label: 'Backup bidder email' },
  { key: 'backup_bidder.phone', label: 'Backup bidder phone' },
  { key: 'backup_bidder.facility_balance', label: 'Balance due' },
]
const emptyBackup = { name: '', email: '', phone: '', facility_balance: '' as number | '' }

const DefaultForm = z.discriminatedUnion('offer', [
  z.object({ offer: z.literal(false) }),
  z.object({ offer: z.literal(true), backup_bidder: BackupBidderInput }),
])

function BackupBidderFields({ form }: { form: ReturnType<typeof useBackupForm>['form'] }) {
  return (
    <Stack gap="sm">
      <TextInput label="Backup bidder name" required {...form.getInputProps('backup_bidder.name')} />
      <TextInput label="Backup bidder email" type="email" required {...form.getInputProps('backup_bidder.email')} />
      <TextInput label="Backup bidder phone" type="tel" {...form.getInputProps('backup_bidder.phone')} />
      <NumberInput
        label="Balance due"
        description="What the backup bidder owes at the facility (put in the winner email)."
        required
        min={0}
        decimalScale={2}
        prefix="$"
        thousandSeparator=","
        {...form.getInputProps('backup_bidder.facility_balance')}
      />
    </Stack>
  )
}

const useBackupForm = (offer: boolean) =>
  useSchemaForm({
    name: 'winner-default',
    schema: DefaultForm,
    initialValues: { offer, backup_bidder: emptyBackup },
    fields: BACKUP_FIELDS,
  })

function PaidForm({ winner, onClose }: { winner: AuctionWinner; onClose: () => void }) {
  const record = useRecordWinnerOutcome()
  const { form, formError, submit, showServerError } = useSchemaForm({
    name: 'winner-paid',
    schema: PaidOutcomeInput,
    initialValues: { outcome: 'paid', amount_paid: '' },
    fields: [{ key: 'amount_paid', label: 'Amount paid' }],
  })
  const save = submit((body) =>
    record.mutate(
      { winnerId: winner.id, body },
      {
        onSuccess: () => {
          showToast(AUCTION_MESSAGES.done, 'success')
          onClose()
        },
        onError: (error) => showServerError(error, 'Failed to record the payment.'),
      },
    ),
  )
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          Unit {winner.unit_no} at {winner.location_code}; balance due {formatDollars(winner.facility_balance)}.
        </Text>
        <FormError message={formError} />
        <NumberInput
          label="Amount paid"
          required
          min={0}
          decimalScale={2}
          prefix="$"
          thousandSeparator=","
          data-autofocus
          {...form.getInputProps('amount_paid')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function DefaultedForm({ winner, later, onClose }: { winner: AuctionWinner; later: boolean; onClose: () => void }) {
  const record = useRecordWinnerOutcome()
  const offer = useOfferToBackupBidder()
  const { form, formError, submit, showServerError } = useBackupForm(later)
  const done = (message: string) => {
    showToast(message, 'success')
    onClose()
  }
  const save = submit((values) => {
    const backup = values.offer ? values.backup_bidder : undefined
    if (later && backup)
      offer.mutate(
        { winnerId: winner.id, body: backup },
        {
          onSuccess: () => done(AUCTION_MESSAGES.done),
          onError: (error) => showServerError(error, 'Failed to offer the unit.'),
        },
      )
    else
      record.mutate(
        { winnerId: winner.id, body: { outcome: 'defaulted', backup_bidder: backup } },
        {
          onSuccess: () => done(AUCTION_MESSAGES.done),
          onError: (error) => showServerError(error, 'Failed to record the default.'),
        },
      )
  })
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {later
            ? `${winner.name} defaulted on unit ${winner.unit_no} at ${winner.location_code}. The backup bidder becomes a winner of the unit and gets the winner email with Send emails.`
            : `${winner.name} did not pay for unit ${winner.unit_no} at ${winner.location_code}. The winner stays in the history as defaulted.`}
        </Text>
        <FormError message={formError} />
        {!later && (
          <Checkbox label="Offer the unit to a backup bidder" {...form.getInputProps('offer', { type: 'checkbox' })} />
        )}
        {form.values.offer && <BackupBidderFields form={form} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color={later ? undefined : 'red.9'} loading={record.isPending || offer.isPending}>
            {later ? 'Offer unit' : 'Record default'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

const TITLES = {
  paid: (winner: AuctionWinner) => `Record payment from ${winner.name}`,
  defaulted: (winner: AuctionWinner) => `Record default of ${winner.name}`,
  backup: (winner: AuctionWinner) => `Offer unit ${winner.unit_no} to a backup bidder`,
}

/** The outcome forms of /auctions/history (decision record 017); the server's 409 or field error shows above the form. */
export function WinnerOutcomeModal({ open, onClose }: { open: OutcomeForm | null; onClose: () => void }) {
  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      title={open && TITLES[open.kind](open.winner)}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {open?.kind === 'paid' && <PaidForm key={open.winner.id} winner={open.winner} onClose={onClose} />}
      {open && open.kind !== 'paid' && (
        <DefaultedForm
          key={`${open.kind}/${open.winner.id}`}
          winner={open.winner}
          later={open.kind === 'backup'}
          onClose={onClose}
        />
      )}
    </Modal>
  )
}
