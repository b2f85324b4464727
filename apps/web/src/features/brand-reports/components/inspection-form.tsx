import { useEffect, useRef, useState } from 'react'
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { IconCamera, IconCheck, IconCloudCheck, IconCloudUpload, IconRestore } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import type { BrandStandard } from '@storageops/contracts/brand-reports'
import {
  BRANDS_NOTES_MAX_LENGTH,
  BRANDS_PHOTOS_PER_STANDARD_MAX,
  BRANDS_TEXT,
  formatDate,
  formatTime,
  missingStandards,
  missingStandardsNoteText,
} from '@storageops/contracts/brand-report-rules'
import { ApiError } from '../../../lib/api.ts'
import { QUEUED_TEXT, dismissWrite, useWriteQueue, type QueuedWrite } from '../../../lib/write-queue.ts'
import { showToast } from '../../../lib/toast.ts'
import { PHONE_PHOTO_ACCEPT, PhotoPreview } from '../../../components/ui/photo-preview.tsx'
import type { FieldUser } from '@storageops/contracts/identity'
import { countOf } from '@storageops/contracts/counts'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard.tsx'
import { sortPickedPhotos } from '../../../lib/photo-files.ts'
import { useStoredSession } from '../../identity/use-stored-session.ts'
import { queuedInspectionOf, useCreateBrandsReport } from '../api/create-brands-report.ts'
import { draftKey, useInspectionDraft, type InspectionDraft } from '../inspection-draft.ts'

function StandardStep({
  standard,
  index,
  total,
  photos,
  onAdd,
  onRemove,
}: {
  standard: BrandStandard
  index: number
  total: number
  photos: File[]
  onAdd: (files: File[]) => void
  onRemove: (file: File) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [refusals, setRefusals] = useState<string[]>([])
  const isDone = photos.length > 0
  const isFull = photos.length >= BRANDS_PHOTOS_PER_STANDARD_MAX
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="white"
      component="li"
      aria-label={standard.name}
      style={{ listStyle: 'none', borderColor: isDone ? 'var(--mantine-color-teal-6)' : undefined }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon
              radius="xl"
              size={30}
              color={isDone ? 'teal.8' : 'gray.3'}
              c={isDone ? 'white' : 'gray.8'}
              aria-hidden
            >
              {isDone ? (
                <IconCheck size={18} />
              ) : (
                <Text fz="sm" fw={700}>
                  {index + 1}
                </Text>
              )}
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={3} fz="md">
                {standard.name}
              </Title>
              <Text fz="sm" c="gray.7">
                {standard.description}
              </Text>
            </Stack>
          </Group>
          <Text fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
            {index + 1} of {total}
          </Text>
        </Group>
        {photos.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {photos.map((file, position) => (
              <PhotoPreview
                key={`${file.name}-${file.lastModified}-${position}`}
                file={file}
                alt={`${standard.name} ${position + 1}`}
                removeLabel={`Remove ${standard.name} ${position + 1}`}
                height={84}
                onRemove={() => onRemove(file)}
              />
            ))}
          </SimpleGrid>
        )}
        {/* capture opens the phone's rear camera; on a computer it is an ordinary file picker. */}
        <input
          ref={input}
          type="file"
          accept={PHONE_PHOTO_ACCEPT}
          capture="environment"
          multiple
          hidden
          aria-label={`Photos of ${standard.name}`}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? [])
            event.currentTarget.value = ''
            void sortPickedPhotos(files).then(({ photos: picked, refusals: refused }) => {
              setRefusals(refused)
              if (picked.length) onAdd(picked)
            })
          }}
        />
        {refusals.length > 0 && (
          <Text role="alert" fz="sm" c="red.9">
            {refusals.join(' ')}
          </Text>
        )}
        <Button
          variant={isDone ? 'light' : 'filled'}
          leftSection={<IconCamera size={18} aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={isFull}
          fullWidth
          size="md"
        >
          {isFull ? `${BRANDS_PHOTOS_PER_STANDARD_MAX} photos taken` : isDone ? 'Add another photo' : 'Take photo'}
        </Button>
      </Stack>
    </Paper>
  )
}

/** '3 photos and the notes', '1 photo', 'The notes'. */
function draftSummary(photoCount: number, notes: string): string {
  const parts = [photoCount > 0 ? countOf(photoCount, 'photo') : null, notes.trim() ? 'the notes' : null]
  const text = parts.filter(Boolean).join(' and ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function photosOf(draft: InspectionDraft | null): Map<number, File[]> {
  const photos = new Map<number, File[]>()
  for (const { standard_id, file } of draft?.photos ?? [])
    photos.set(standard_id, [...(photos.get(standard_id) ?? []), file])
  return photos
}

/** An inspection waiting offline; once the server has it, the report opens here and a new draft starts. */
function QueuedInspection({ write }: { write: QueuedWrite }) {
  const isWaiting = write.state === 'waiting'
  const reports = `/snapshot/${write.site_code}/brands-report`
  return (
    <Alert
      color="harbor"
      variant="light"
      title={isWaiting ? 'Inspection waiting to sync' : 'Inspection synced'}
      icon={isWaiting ? <IconCloudUpload size={18} aria-hidden /> : <IconCloudCheck size={18} aria-hidden />}
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">
          Submitted on this phone on {formatDate(write.made_at)} {formatTime(write.made_at)}
          {isWaiting
            ? ` with ${countOf(write.files?.length ?? 0, 'photo')}. It will be sent when the network returns; a new inspection of this facility can start once it has synced.`
            : '. The server has the report.'}
        </Text>
        <Group gap="xs">
          {isWaiting || write.result_id === undefined ? (
            <Button component={Link} to={`${reports}/archive`} variant="default" size="xs">
              Reports of this facility
            </Button>
          ) : (
            <Button component={Link} to={`${reports}/${write.result_id}`} variant="default" size="xs">
              Open report
            </Button>
          )}
          {!isWaiting && (
            <Button size="xs" onClick={() => void dismissWrite(write.id!)}>
              Start a new inspection
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  )
}

/** The field inspection (issue 6); its draft stays until the server accepts the report (issue 19). */
export function InspectionForm({ siteCode, standards }: { siteCode: string; standards: BrandStandard[] }) {
  const queued = queuedInspectionOf(useWriteQueue().writes, siteCode)
  if (queued) return <QueuedInspection write={queued} />
  return <DraftedChecklist siteCode={siteCode} standards={standards} />
}

function DraftedChecklist({ siteCode, standards }: { siteCode: string; standards: BrandStandard[] }) {
  const session = useStoredSession<FieldUser>('field')
  const draft = useInspectionDraft(draftKey(session?.user.username ?? '', siteCode))
  if (draft.initial === undefined) return <PageLoader label="Loading checklist…" />
  return <Checklist siteCode={siteCode} standards={standards} initial={draft.initial} saveDraft={draft.save} />
}

function Checklist({
  siteCode,
  standards,
  initial,
  saveDraft,
}: {
  siteCode: string
  standards: BrandStandard[]
  initial: InspectionDraft | null
  saveDraft: (draft: InspectionDraft | null) => Promise<void>
}) {
  const navigate = useNavigate()
  const create = useCreateBrandsReport()
  const [photos, setPhotos] = useState<Map<number, File[]>>(() => photosOf(initial))
  const [notes, setNotes] = useState(initial?.notes ?? '')
  const [notesError, setNotesError] = useState<string | null>(null)
  const [restoredAt, setRestoredAt] = useState(initial?.saved_at ?? null)
  const isFirstRender = useRef(true)

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false
      return
    }
    const files = [...photos].flatMap(([standard_id, list]) => list.map((file) => ({ standard_id, file })))
    void saveDraft(files.length || notes.trim() ? { notes, photos: files, saved_at: new Date().toISOString() } : null)
  }, [photos, notes, saveDraft])

  const covered = standards.filter((standard) => (photos.get(standard.id)?.length ?? 0) > 0)
  const missing = missingStandards(
    standards,
    covered.map((standard) => standard.id),
  )
  const photoCount = [...photos.values()].reduce((sum, files) => sum + files.length, 0)
  const changed = photoCount + (notes.trim() ? 1 : 0)

  const update = (standardId: number, change: (files: File[]) => File[]) => {
    setPhotos((current) => new Map(current).set(standardId, change(current.get(standardId) ?? [])))
  }

  const discard = () =>
    confirmAction({
      title: 'Discard draft',
      message: `${countOf(photoCount, 'photo')} and the notes of this inspection are deleted from this phone.`,
      confirm: 'Discard draft',
      cancel: 'Keep draft',
      onConfirm: () => {
        setPhotos(new Map())
        setNotes('')
        setNotesError(null)
        setRestoredAt(null)
      },
    })

  const submit = () => {
    if (covered.length === 0) {
      showToast(BRANDS_TEXT.atLeastOnePhoto, 'warning')
      return
    }
    if (missing.length > 0 && !notes.trim()) {
      const message = missingStandardsNoteText(missing.map((standard) => standard.name))
      setNotesError(message)
      showToast(message, 'warning')
      return
    }
    // mutateAsync: a queued submit shows the waiting notice in place of this form, and the toast must still come.
    create.mutateAsync({ location_code: siteCode, notes, photos }).then(
      (sent) => {
        if (sent.queued) {
          showToast(QUEUED_TEXT, 'info')
          return navigate(`/snapshot/${siteCode}/brands-report/archive`)
        }
        showToast(BRANDS_TEXT.submitted, 'success')
        return saveDraft(null).then(() => navigate(`/snapshot/${siteCode}/brands-report/${sent.data.id}`))
      },
      (error: Error) => {
        if (error instanceof ApiError && error.body.field === 'notes') setNotesError(error.message)
        showToast(error.message, 'error')
      },
    )
  }

  return (
    <Stack gap="md" pb={96}>
      <UnsavedChangesGuard
        changed={create.isPending || create.isSuccess ? 0 : changed}
        noun="photo"
        detail={`The report is not submitted yet. ${draftSummary(photoCount, notes)} stay on this phone as a draft until you come back.`}
        leaveLabel="Leave, keep draft"
      />
      {restoredAt && changed > 0 && (
        <Alert color="harbor" variant="light" title="Draft restored" icon={<IconRestore size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {draftSummary(photoCount, notes)} from {formatDate(restoredAt)} {formatTime(restoredAt)} were kept on this
              phone.
            </Text>
            <Button variant="default" size="xs" onClick={discard}>
              Discard draft
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" bg="white">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={700}>
              {covered.length} of {standards.length} standards photographed
            </Text>
            <Badge color={missing.length === 0 ? 'teal.9' : 'gray.7'} radius="sm">
              {photoCount} {photoCount === 1 ? 'photo' : 'photos'}
            </Badge>
          </Group>
          <Progress
            value={(covered.length / Math.max(standards.length, 1)) * 100}
            color="teal.7"
            aria-label="Checklist progress"
          />
        </Stack>
      </Paper>
      <Stack gap="sm" component="ol" p={0} m={0} aria-label="Brand standards checklist">
        {standards.map((standard, index) => (
          <StandardStep
            key={standard.id}
            standard={standard}
            index={index}
            total={standards.length}
            photos={photos.get(standard.id) ?? []}
            onAdd={(files) =>
              update(standard.id, (current) => [...current, ...files].slice(0, BRANDS_PHOTOS_PER_STANDARD_MAX))
            }
            onRemove={(file) => update(standard.id, (current) => current.filter((entry) => entry !== file))}
          />
        ))}
      </Stack>
      <Textarea
        label="Notes"
        description={
          missing.length > 0 && covered.length > 0
            ? `Required: say why ${missing.length === 1 ? 'one standard has' : `${missing.length} standards have`} no photos.`
            : 'Anything the regional manager should know.'
        }
        value={notes}
        onChange={(event) => {
          setNotes(event.currentTarget.value)
          setNotesError(null)
        }}
        error={notesError}
        autosize
        minRows={3}
        maxLength={BRANDS_NOTES_MAX_LENGTH}
        bg="white"
      />
      <Paper withBorder shadow="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 5 }}>
        <Button fullWidth size="lg" onClick={submit} loading={create.isPending} disabled={create.isPending}>
          Submit report
        </Button>
      </Paper>
    </Stack>
  )
}
