import { useEffect, useRef, useState } from 'react'
import { Box, Paper, Skeleton } from '@mantine/core'
import { BRANDS_TEXT } from '@storageops/contracts/brand-report-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { isAnalyticsHeightMessage } from '../analytics-height.ts'
import { useAnalyticsEmbed } from '../api/get-analytics-embed.ts'

/** A frame that has not loaded after this long counts as failed, in milliseconds. */
const LOAD_TIMEOUT_MS = 20_000
/** Short of a phone's screen until the report says its height, so a swipe beside it still scrolls the page. */
const FRAME_HEIGHT = { base: '60vh', md: 980 }

/** The analytics frame (spec: snapshot-field-tool §2); a failure shows a message and Try again (the spec has no text). */
export function AnalyticsFrame() {
  const embed = useAnalyticsEmbed()
  const failure = (message: string) => (
    <Paper withBorder radius="md" p="xl" bg="white" mih={200}>
      <FormError
        title={BRANDS_TEXT.embedFailed}
        message={`${message} The facility table below still works.`}
        onRetry={() => void embed.refetch()}
      />
    </Paper>
  )
  if (embed.isError) return failure(embed.error.message)
  // A new address is a new frame, with its own loading state.
  return (
    <ReportFrame
      key={embed.data?.EmbedUrl ?? ''}
      src={embed.data?.EmbedUrl}
      onTimeout={() => failure('The report did not load in time.')}
    />
  )
}

function ReportFrame({ src, onTimeout }: { src: string | undefined; onTimeout: () => React.ReactNode }) {
  const [loaded, setLoaded] = useState(false)
  const [timedOut, setTimedOut] = useState(false)
  const [contentHeight, setContentHeight] = useState<number | null>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin) return
      if (isAnalyticsHeightMessage(event.data)) setContentHeight(event.data.height)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])
  useEffect(() => {
    if (!src) return
    const timer = window.setTimeout(() => setTimedOut(true), LOAD_TIMEOUT_MS)
    return () => window.clearTimeout(timer)
  }, [src])
  if (timedOut && !loaded) return onTimeout()
  return (
    <Paper withBorder radius="md" bg="white" style={{ overflow: 'hidden', position: 'relative' }}>
      {!loaded && (
        <Box pos="absolute" inset={0} p="md" role="status" aria-label="Loading analytics report">
          <Skeleton h="100%" radius="md" />
        </Box>
      )}
      {src ? (
        <Box
          component="iframe"
          ref={frame}
          src={src}
          title="Analytics report"
          onLoad={() => setLoaded(true)}
          h={contentHeight ?? FRAME_HEIGHT}
          w="100%"
          style={{ border: 0, display: 'block' }}
        />
      ) : (
        <Box h={FRAME_HEIGHT} />
      )}
    </Paper>
  )
}
