import { useState } from 'react'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import { IconCopy, IconExternalLink, IconTrash, IconUpload } from '@tabler/icons-react'
import { Link, useSearchParams } from 'react-router'
import { foundCountOf } from '@storageops/contracts/counts'
import {
  FILES_PAGE_SIZE,
  FILE_SORTS,
  MEDIA_MAX_BYTES,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  filesCount,
  srcSetOf,
  type FilesInUse,
  type MediaFile,
} from '@storageops/contracts/files'
import { confirmAction, confirmDelete } from '../../../components/ui/confirm-delete.tsx'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { ApiError } from '../../../lib/api.ts'
import { errorMessage, withReason } from '../../../lib/error-message.ts'
import { useListParams, writeListState } from '../../../lib/list-params.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteFiles } from '../api/delete-files.ts'
import { useFilesPage } from '../api/get-files.ts'
import { useUploadFiles } from '../api/upload-files.ts'

const ACCEPTED = 'image/jpeg,image/png,image/webp'
const urlOf = (file: MediaFile) => `${window.location.origin}${file.path}`
const sizeOf = (file: MediaFile) =>
  `${file.byte_size < 1024 * 1024 ? `${Math.max(1, Math.round(file.byte_size / 1024))} kB` : `${(file.byte_size / 1024 / 1024).toFixed(1)} MB`} · ${file.width}×${file.height}`

function Thumbnail({ file, onOpen }: { file: MediaFile; onOpen: (file: MediaFile) => void }) {
  return (
    <UnstyledButton onClick={() => onOpen(file)} aria-label={`Preview ${file.name}`} style={{ borderRadius: 4 }}>
      <img
        src={file.thumbnail}
        alt=""
        width={THUMBNAIL_WIDTH}
        height={THUMBNAIL_HEIGHT}
        loading="lazy"
        decoding="async"
        style={{ objectFit: 'cover', borderRadius: 4, display: 'block', background: 'var(--mantine-color-gray-1)' }}
      />
    </UnstyledButton>
  )
}

/** A file at a readable size: the browser picks from its web sizes and the original by the modal's width. */
function FilePreview({ file, onClose }: { file: MediaFile | null; onClose: () => void }) {
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file?.name}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {file && (
        <Stack gap="sm">
          <img
            src={file.variants.at(-1)?.path ?? file.path}
            srcSet={srcSetOf(file)}
            sizes="(max-width: 62em) 100vw, 760px"
            alt={`Preview of ${file.name}`}
            width={file.width}
            height={file.height}
            style={{ width: '100%', height: 'auto', maxHeight: '70vh', objectFit: 'contain', borderRadius: 4 }}
          />
          <Group justify="space-between" gap="xs">
            <Text fz="sm" c="gray.7">
              {sizeOf(file)}
              {file.variants.length > 0 &&
                ` · web sizes ${file.variants.map((variant) => `${variant.width}×${variant.height}`).join(', ')}`}
            </Text>
            <Anchor href={file.path} target="_blank" rel="noopener" fz="sm">
              Open original
            </Anchor>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}

function CopyPath({ file }: { file: MediaFile }) {
  const copy = () =>
    navigator.clipboard.writeText(file.path).then(
      () => showToast(`Copied ${file.path}`, 'success'),
      () => showToast('The browser did not allow copying. Select the path and copy it by hand.', 'error'),
    )
  return (
    <Group gap={4} wrap="nowrap">
      <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {file.path}
      </Text>
      <Tooltip label="Copy path">
        <ActionIcon
          variant="subtle"
          color="gray.8"
          onClick={() => void copy()}
          aria-label={`Copy path of ${file.name}`}
        >
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

function UsedIn({ file }: { file: MediaFile }) {
  if (file.used_in.length === 0)
    return (
      <Text fz="sm" c="gray.7">
        Unused
      </Text>
    )
  return (
    <Popover width={280} position="bottom-start" shadow="md" withArrow>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`${file.name} is used in ${file.used_in.length === 1 ? '1 place' : `${file.used_in.length} places`}`}
        >
          Used in {file.used_in.length}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {file.used_in.map((place) => (
            <li key={`${place.kind}-${place.link}`}>
              <Anchor component={Link} to={place.link} fz="sm">
                {place.kind}: {place.label}
              </Anchor>
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}

const SHOW_PARAM = 'show'

/** File Management (spec: admin-console-part-2 §2, §8, §9); a file that content uses asks again before a delete. */
export function FileManagement() {
  const list = useListParams({ sorts: FILE_SORTS, pageSize: FILES_PAGE_SIZE })
  const [params, setParams] = useSearchParams()
  const filter = params.get(SHOW_PARAM) === 'unused' ? 'unused' : 'all'
  const files = useFilesPage(filter === 'unused', list)
  // A selection belongs to the rows it was made on: another page, search, sort or filter starts with none.
  const view = `${filter}&${list.apiQuery}`
  const [selection, setSelection] = useState<{ view: string; names: ReadonlySet<string> }>({ view, names: new Set() })
  const selected = selection.view === view ? selection.names : new Set<string>()
  const setSelected = (names: ReadonlySet<string>) => setSelection({ view, names })
  const [previewed, setPreviewed] = useState<MediaFile | null>(null)
  const upload = useUploadFiles()
  const remove = useDeleteFiles()

  const shown = files.data?.rows ?? []
  const selectedShown = shown.filter((file) => selected.has(file.name))
  const allShownSelected = shown.length > 0 && selectedShown.length === shown.length

  const toggle = (name: string) => {
    const next = new Set(selected)
    if (next.has(name)) next.delete(name)
    else next.add(name)
    setSelected(next)
  }
  const toggleAll = () => setSelected(allShownSelected ? new Set() : new Set(shown.map((file) => file.name)))
  const showFiles = (value: string) =>
    setParams((current) => {
      const next = writeListState(current, { page: 1 })
      if (value === 'unused') next.set(SHOW_PARAM, 'unused')
      else next.delete(SHOW_PARAM)
      return next
    })

  const send = (chosen: File[]) => {
    if (chosen.length === 0) return
    upload.mutate(
      { files: chosen },
      {
        onSuccess: (result) => showToast(result.message, 'success'),
        onError: (error) => showToast(errorMessage(error, 'Upload failed'), 'error'),
      },
    )
  }

  const deleteNames = (fileNames: string[], force = false) =>
    remove.mutate(
      { fileNames, force },
      {
        onSuccess: (result) => {
          showToast(result.message, 'success')
          setSelected(new Set())
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && Array.isArray(error.body.in_use)) {
            const inUse = error.body.in_use as FilesInUse['in_use']
            confirmAction({
              title: 'Files in use',
              message: (
                <>
                  {error.body.message} Delete anyway?{' '}
                  {inUse.length === 1 && inUse[0]!.used_in.length === 1
                    ? 'That page will show a broken image until it is edited.'
                    : 'Those pages will show broken images until they are edited.'}
                </>
              ),
              confirm: 'Delete anyway',
              onConfirm: () => deleteNames(fileNames, true),
            })
          } else showToast(withReason('Delete failed', error), 'error')
        },
      },
    )

  const askDelete = () => {
    const names = selectedShown.map((file) => file.name)
    confirmDelete({
      title: 'Delete files',
      message: `Delete ${filesCount(names.length)}? This cannot be undone.`,
      onConfirm: () => deleteNames(names),
    })
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="File Management"
        description={`Images for the website: JPEG, PNG or WebP, up to ${MEDIA_MAX_BYTES / 1024 / 1024} MB each.`}
        actions={
          <FileButton onChange={send} accept={ACCEPTED} multiple>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
                Upload files
              </Button>
            )}
          </FileButton>
        }
      />
      <PagedTable
        query={files}
        list={list}
        loadingLabel="Loading files…"
        loadingRows={6}
        search={{ label: 'Search files by name', placeholder: 'Search by name' }}
        count={(count, q) => foundCountOf(count, q, filter === 'unused' ? 'unused file' : 'file')}
        headerActions={
          <>
            <SegmentedControl
              aria-label="Show files"
              value={filter}
              onChange={showFiles}
              data={[
                { value: 'all', label: 'All files' },
                { value: 'unused', label: 'Unused' },
              ]}
            />
            <Button
              color="red.8"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={selectedShown.length === 0}
              loading={remove.isPending}
              onClick={askDelete}
            >
              Delete selected ({selectedShown.length})
            </Button>
          </>
        }
        label="Files"
        rowKey={(file) => file.name}
        minWidth={900}
        wideFrom="md"
        empty={
          <EmptyPanel>
            {list.q.trim()
              ? 'No file name matches your search.'
              : filter === 'unused'
                ? 'Every file is used by some content.'
                : 'No files yet. Upload images to use them on the website.'}
          </EmptyPanel>
        }
        columns={[
          {
            key: 'select',
            header: (
              <Checkbox
                aria-label="Select all files on this page"
                checked={allShownSelected}
                indeterminate={selectedShown.length > 0 && !allShownSelected}
                onChange={toggleAll}
              />
            ),
            cell: (file) => (
              <Checkbox
                aria-label={`Select ${file.name}`}
                checked={selected.has(file.name)}
                onChange={() => toggle(file.name)}
              />
            ),
          },
          { key: 'preview', header: 'Preview', cell: (file) => <Thumbnail file={file} onOpen={setPreviewed} /> },
          { key: 'path', header: 'Path', cell: (file) => <CopyPath file={file} />, sort: 'name' },
          {
            key: 'url',
            header: 'URL',
            cell: (file) => (
              <Anchor href={file.path} target="_blank" rel="noopener" fz="sm" style={{ wordBreak: 'break-all' }}>
                {urlOf(file)}
              </Anchor>
            ),
          },
          { key: 'used', header: 'Used in', cell: (file) => <UsedIn file={file} /> },
          {
            key: 'size',
            header: 'Size',
            nowrap: true,
            sort: 'byte_size',
            cell: (file) => (
              <Text fz="sm" c="gray.7">
                {sizeOf(file)}
              </Text>
            ),
          },
        ]}
        card={(file) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Checkbox
              aria-label={`Select ${file.name}`}
              checked={selected.has(file.name)}
              onChange={() => toggle(file.name)}
              mt={4}
            />
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Thumbnail file={file} onOpen={setPreviewed} />
              <CopyPath file={file} />
              <Anchor href={file.path} target="_blank" rel="noopener" fz="xs" style={{ wordBreak: 'break-all' }}>
                <Group gap={4} wrap="nowrap" component="span">
                  {urlOf(file)}
                  <IconExternalLink size={12} aria-hidden />
                </Group>
              </Anchor>
              <Group gap="xs">
                <UsedIn file={file} />
                <Badge variant="light" color="gray">
                  {sizeOf(file)}
                </Badge>
              </Group>
            </Stack>
          </Group>
        )}
      />
      <FilePreview file={previewed} onClose={() => setPreviewed(null)} />
    </Stack>
  )
}
