import { useState } from 'react'
import { Badge, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { IconCamera, IconNotes } from '@tabler/icons-react'
import { formatDateTime } from '@storageops/contracts/date-time'
import {
  DISCREPANCY_TASKS,
  EXPECTATION_LABELS,
  LOCK_SERIAL_MAX,
  OBSERVATION_LABELS,
  OBSERVATION_NOTE_MAX,
  OBSERVATIONS,
  takesSerial,
  type Observation,
} from '@storageops/contracts/walkthrough-rules'
import { PHONE_PHOTO_ACCEPT, PhotoPreview } from '../../../components/ui/photo-preview.tsx'
import type { ShownUnit } from '../walkthrough-view.ts'
import { describeSystemState } from '../unit-text.ts'

/** What goes with a tap besides the door: a company lock's serial, a note and a photo, all optional. */
export interface DoorExtras {
  lock_serial?: string
  note?: string
  photo?: File
}

/** The unit to check (issue 31): the expected door and one tap per finding, with serial, note and photo for the next tap. */
export function WalkPanel({
  unit,
  onRecord,
  readOnly = false,
}: {
  unit: ShownUnit
  onRecord?: (observed: Observation, extras: DoorExtras) => void
  readOnly?: boolean
}) {
  const [extrasOpen, setExtrasOpen] = useState(false)
  const [serial, setSerial] = useState('')
  const [note, setNote] = useState('')
  const [photo, setPhoto] = useState<File | null>(null)

  const record = (observed: Observation) => {
    onRecord?.(observed, {
      lock_serial: takesSerial(observed) && serial.trim() ? serial.trim() : undefined,
      note: note.trim() || undefined,
      photo: photo ?? undefined,
    })
    setSerial('')
    setNote('')
    setPhoto(null)
  }

  return (
    <Paper withBorder radius="md" p="md" bg="white" component="section" aria-label={`Unit ${unit.unit_no}`}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Group justify="space-between" align="baseline" gap="xs">
            <Text component="h2" fw={700} fz={26} lh={1.2} m={0}>
              Unit {unit.unit_no}
            </Text>
            <Text fz="sm" c="gray.7">
              Floor {unit.floor_no} · {describeSystemState(unit)}
            </Text>
          </Group>
          <Text fz="md">
            Expects: <b>{EXPECTATION_LABELS[unit.expected]}</b>
          </Text>
        </Stack>

        {unit.observed !== null && (
          <Group gap="xs" wrap="wrap">
            <Text fz="sm">
              Recorded: <b>{OBSERVATION_LABELS[unit.observed]}</b>
              {unit.observed_by ? ` · ${unit.observed_by.full_name}` : ''}
              {unit.observed_at ? ` · ${formatDateTime(unit.observed_at)}` : ''}
              {unit.pending ? ' · waiting to sync' : ''}
            </Text>
            {unit.discrepancy && (
              <Badge color="red.9" radius="sm">
                {DISCREPANCY_TASKS[unit.discrepancy].title}
              </Badge>
            )}
          </Group>
        )}

        {unit.expected === 'skip' ? (
          <Text fz="sm" c="gray.7">
            Not checked in a walkthrough:{' '}
            {unit.ssm_status ? `the unit is ${unit.ssm_status}` : 'the system does not know it'}.
          </Text>
        ) : (
          !readOnly && (
            <>
              <SimpleGrid cols={2} spacing="xs" role="group" aria-label={`What the door of unit ${unit.unit_no} shows`}>
                {OBSERVATIONS.map((observed) => (
                  <Button
                    key={observed}
                    size="lg"
                    h={56}
                    px="xs"
                    fz="md"
                    variant={observed === unit.expected ? 'filled' : 'default'}
                    onClick={() => record(observed)}
                  >
                    {OBSERVATION_LABELS[observed]}
                  </Button>
                ))}
              </SimpleGrid>
              <Button
                variant="subtle"
                size="compact-sm"
                w="fit-content"
                leftSection={<IconNotes size={16} aria-hidden />}
                aria-expanded={extrasOpen}
                onClick={() => setExtrasOpen((open) => !open)}
              >
                {extrasOpen ? 'Hide serial, note and photo' : 'Add serial, note or photo'}
              </Button>
              {extrasOpen && (
                <Stack gap="xs">
                  <TextInput
                    label="Company lock serial"
                    description="Checked against the known combination locks"
                    value={serial}
                    maxLength={LOCK_SERIAL_MAX}
                    onChange={(event) => setSerial(event.currentTarget.value)}
                  />
                  <Textarea
                    label="Note"
                    autosize
                    minRows={2}
                    maxLength={OBSERVATION_NOTE_MAX}
                    value={note}
                    onChange={(event) => setNote(event.currentTarget.value)}
                  />
                  {photo ? (
                    <PhotoPreview
                      file={photo}
                      alt={`Photo of unit ${unit.unit_no}`}
                      removeLabel="Remove photo"
                      onRemove={() => setPhoto(null)}
                      height={120}
                      caption
                    />
                  ) : (
                    <FileButton onChange={setPhoto} accept={PHONE_PHOTO_ACCEPT} capture="environment">
                      {(props) => (
                        <Button
                          {...props}
                          variant="light"
                          w="fit-content"
                          leftSection={<IconCamera size={18} aria-hidden />}
                        >
                          Add photo
                        </Button>
                      )}
                    </FileButton>
                  )}
                  <Text fz="xs" c="gray.7">
                    They go with the next button you tap.
                  </Text>
                </Stack>
              )}
            </>
          )
        )}
      </Stack>
    </Paper>
  )
}
