import { useEffect, useRef, useState } from 'react'
import {
  ActionIcon,
  AspectRatio,
  Box,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react'
import type { BrandsReport } from '@storageops/contracts/brand-reports'

interface GalleryPhoto {
  id: number
  url: string
  thumbnail_url: string | null
  standard: string
  /** Position inside its standard, from 1. */
  number: number
  of: number
}

const ZOOM_LEVELS = [1, 2, 3] as const
/** A horizontal move of at least this many pixels is a swipe. */
const SWIPE_PX = 50

/** The zoom viewer, remounted per photo so each starts unzoomed: arrows and swipes move, + − zoom, Escape closes. */
function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: GalleryPhoto[]
  index: number | null
  onIndex: (index: number) => void
  onClose: () => void
}) {
  const [zoom, setZoom] = useState(0)
  const swipeStart = useRef<{ x: number; y: number } | null>(null)
  const photo = index === null ? null : photos[index]
  const scale = ZOOM_LEVELS[zoom]!

  useEffect(() => {
    if (index === null) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') onIndex((index + 1) % photos.length)
      else if (event.key === 'ArrowLeft') onIndex((index - 1 + photos.length) % photos.length)
      else if (event.key === '+' || event.key === '=') setZoom((level) => Math.min(level + 1, ZOOM_LEVELS.length - 1))
      else if (event.key === '-') setZoom((level) => Math.max(level - 1, 0))
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [index, photos.length, onIndex])

  if (!photo || index === null) return null
  const go = (step: number) => onIndex((index + step + photos.length) % photos.length)
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={`${photo.standard} · photo ${photo.number} of ${photo.of}`}
      closeButtonProps={{ 'aria-label': 'Close photo' }}
      styles={{
        body: { height: 'calc(100dvh - 70px)', display: 'flex', flexDirection: 'column', gap: 12, padding: 12 },
        content: { background: '#111827' },
        header: { background: '#111827', color: 'white' },
      }}
    >
      <Box
        data-testid="zoom-stage"
        data-zoom={scale}
        style={{
          flex: 1,
          overflow: scale > 1 ? 'auto' : 'hidden',
          touchAction: scale > 1 ? 'auto' : 'pan-y',
          display: 'flex',
          alignItems: scale > 1 ? 'flex-start' : 'center',
          justifyContent: scale > 1 ? 'flex-start' : 'center',
        }}
        onPointerDown={(event) => {
          swipeStart.current = { x: event.clientX, y: event.clientY }
        }}
        onPointerUp={(event) => {
          const start = swipeStart.current
          swipeStart.current = null
          if (!start || scale > 1) return
          const dx = event.clientX - start.x
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(dx < 0 ? 1 : -1)
        }}
        onDoubleClick={() => setZoom((level) => (level === 0 ? 1 : 0))}
      >
        <img
          src={photo.url}
          alt={`${photo.standard}, ${photo.number} of ${photo.of}`}
          draggable={false}
          style={
            scale > 1
              ? { width: `${scale * 100}%`, maxWidth: 'none', userSelect: 'none' }
              : { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', userSelect: 'none' }
          }
        />
      </Box>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon size="xl" variant="filled" color="dark.4" onClick={() => go(-1)} aria-label="Previous photo">
          <IconChevronLeft aria-hidden />
        </ActionIcon>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            size="xl"
            variant="filled"
            color="dark.4"
            onClick={() => setZoom((level) => Math.max(level - 1, 0))}
            disabled={zoom === 0}
            aria-label="Zoom out"
          >
            <IconZoomOut aria-hidden />
          </ActionIcon>
          <Text c="white" fz="sm" miw={80} ta="center" aria-live="polite">
            {index + 1} / {photos.length} · {scale}×
          </Text>
          <ActionIcon
            size="xl"
            variant="filled"
            color="dark.4"
            onClick={() => setZoom((level) => Math.min(level + 1, ZOOM_LEVELS.length - 1))}
            disabled={zoom === ZOOM_LEVELS.length - 1}
            aria-label="Zoom in"
          >
            <IconZoomIn aria-hidden />
          </ActionIcon>
        </Group>
        <ActionIcon size="xl" variant="filled" color="dark.4" onClick={() => go(1)} aria-label="Next photo">
          <IconChevronRight aria-hidden />
        </ActionIcon>
      </Group>
    </Modal>
  )
}

export function PhotoGallery({ groups }: { groups: BrandsReport['brand_standard_reports'] }) {
  const [open, setOpen] = useState<number | null>(null)
  const photos: GalleryPhoto[] = groups.flatMap((group) =>
    group.attachments.map((attachment, position) => ({
      ...attachment,
      standard: group.brand_standard.name,
      number: position + 1,
      of: group.attachments.length,
    })),
  )
  const firstIndexes = groups.map((_, position) =>
    groups.slice(0, position).reduce((sum, group) => sum + group.attachments.length, 0),
  )
  return (
    <Stack gap="lg">
      {groups.map((group, groupIndex) => {
        const first = firstIndexes[groupIndex]!
        return (
          <Stack key={group.id} gap="xs" component="section" aria-label={group.brand_standard.name}>
            <Title order={3} fz="h4">
              {group.brand_standard.name}{' '}
              <Text span c="gray.7" fz="sm" fw={400}>
                {group.attachments.length} {group.attachments.length === 1 ? 'photo' : 'photos'}
              </Text>
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
              {group.attachments.map((attachment, position) => (
                <UnstyledButton
                  key={attachment.id}
                  onClick={() => setOpen(first + position)}
                  aria-label={`Zoom ${group.brand_standard.name} photo ${position + 1}`}
                  style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
                >
                  {/* Photos are 4:3; the frame keeps the whole photo, its DEMO label included. */}
                  <AspectRatio ratio={4 / 3}>
                    <Image src={attachment.thumbnail_url ?? attachment.url} alt="" fit="cover" loading="lazy" />
                  </AspectRatio>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Stack>
        )
      })}
      <PhotoViewer
        key={open ?? 'closed'}
        photos={photos}
        index={open}
        onIndex={setOpen}
        onClose={() => setOpen(null)}
      />
    </Stack>
  )
}
