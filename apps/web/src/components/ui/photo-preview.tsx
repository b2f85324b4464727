import { useEffect, useMemo, type ReactNode } from 'react'
import { CloseButton, Image, Paper, Stack, Text } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'

/** What a phone photo picker offers: JPEG, PNG and HEIC (the server checks the bytes again). */
export const PHONE_PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.heic,.heif'

/** A picked photo's preview (object URL released on removal), a HEIC tile where it cannot be drawn, a remove button. */
export function PhotoPreview({
  file,
  alt,
  removeLabel,
  onRemove,
  height,
  caption = false,
}: {
  file: File
  alt: string
  removeLabel: string
  onRemove: () => void
  /** Tile height in px. */
  height: number
  caption?: boolean
}): ReactNode {
  const url = useMemo(() => URL.createObjectURL(file), [file])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  const isHeic = /\.(heic|heif)$/i.test(file.name) || /hei[cf]/.test(file.type)
  return (
    <Paper withBorder radius="md" pos="relative" style={{ overflow: 'hidden' }}>
      {isHeic ? (
        <Stack h={height} align="center" justify="center" gap={2} bg="gray.1">
          <IconPhoto size={22} color="var(--mantine-color-gray-7)" aria-hidden />
          <Text fz="xs" c="gray.7">
            HEIC
          </Text>
        </Stack>
      ) : (
        <Image src={url} h={height} fit="cover" alt={alt} />
      )}
      <CloseButton
        size="sm"
        variant="default"
        pos="absolute"
        top={4}
        right={4}
        onClick={onRemove}
        aria-label={removeLabel}
        style={{ background: 'white' }}
      />
      {caption && (
        <Text fz={10} c="gray.7" px={6} py={2} truncate>
          {file.name}
        </Text>
      )}
    </Paper>
  )
}
