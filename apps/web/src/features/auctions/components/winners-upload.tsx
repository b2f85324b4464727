import { useState } from 'react'
import { Anchor, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core'
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react'
import { Link } from 'react-router'
import { AUCTION_MESSAGES, WINNER_CSV_COLUMNS, WINNER_CSV_SAMPLE } from '@storageops/contracts/auctions'
import type { CsvErrorBody } from '@storageops/contracts/unit-maps'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { CsvErrors } from '../../../components/ui/csv-errors.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ApiError } from '../../../lib/api.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { useSendWinnerEmails, useUploadWinners } from '../api/auction-winners.ts'

/** /auctions/new-upload (spec: admin-console-part-1 §2, §4, §5): a winners CSV into the active auction, then emails. */
export function WinnersUpload() {
  const [file, setFile] = useState<File | null>(null)
  const [status, setStatus] = useState('Choose the winners CSV of the active auction.')
  const [csvError, setCsvError] = useState<CsvErrorBody | null>(null)
  const upload = useUploadWinners()
  const send = useSendWinnerEmails()

  const choose = (chosen: File | null) => {
    if (!chosen) return
    setCsvError(null)
    if (!/\.csv$/i.test(chosen.name)) {
      setFile(null)
      setStatus('Only .csv files are accepted.')
      return
    }
    setFile(chosen)
    setStatus(`${chosen.name} is ready to upload.`)
  }

  const sendEmails = () => {
    setStatus(AUCTION_MESSAGES.sendingEmails)
    send.mutate(undefined, {
      onSuccess: () => setStatus(AUCTION_MESSAGES.finished),
      onError: (error) => setStatus(errorMessage(error, 'The emails could not be sent.')),
    })
  }

  const start = () => {
    if (!file) return
    setStatus('Uploading…')
    setCsvError(null)
    upload.mutate(file, {
      onSuccess: (result) => {
        setFile(null)
        setStatus(result.message)
        confirmAction({
          title: 'Send the winner emails?',
          message: `${result.message} Email every winner not yet emailed now? Each winner gets one email, ever.`,
          confirm: 'Send emails',
          color: 'harbor',
          onConfirm: sendEmails,
        })
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.body.rows)
          setCsvError(error.body as CsvErrorBody)
        setStatus(errorMessage(error, 'The upload failed.'))
      },
    })
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Auction Winner Upload"
        back={{ to: '/auctions', label: 'Auctions' }}
        description="Import the winners of the active auction from a CSV file, then email them."
      />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="sm">
            <FileButton onChange={choose} accept=".csv,text/csv">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
                  Choose CSV file
                </Button>
              )}
            </FileButton>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={!file}
              loading={upload.isPending}
              onClick={start}
            >
              Upload
            </Button>
          </Group>
          <Text role="status" aria-live="polite" fw={500}>
            {status}
          </Text>
          {csvError && <CsvErrors body={csvError} />}
          <Text fz="sm" c="gray.7">
            Columns: {WINNER_CSV_COLUMNS.join(', ')} (the first five are required).{' '}
            <Anchor href={`/${WINNER_CSV_SAMPLE}`} download fz="sm" underline="always">
              <IconDownload size={14} aria-hidden /> Example CSV
            </Anchor>
          </Text>
        </Stack>
      </Paper>
      <Anchor component={Link} to="/auctions/history">
        See all auction winners
      </Anchor>
    </Stack>
  )
}
