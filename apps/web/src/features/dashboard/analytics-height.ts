import { useEffect } from 'react'

/** The message the built-in report sends its parent page with its height in CSS pixels, so the frame fits it. */
export const ANALYTICS_HEIGHT_MESSAGE = 'storageops:analytics-height'

export type AnalyticsHeightMessage = { type: typeof ANALYTICS_HEIGHT_MESSAGE; height: number }

export function isAnalyticsHeightMessage(data: unknown): data is AnalyticsHeightMessage {
  const message = data as Partial<AnalyticsHeightMessage> | null
  return (
    message?.type === ANALYTICS_HEIGHT_MESSAGE &&
    typeof message.height === 'number' &&
    Number.isFinite(message.height) &&
    message.height > 0
  )
}

/** Inside a frame of the same origin, tells the parent page the report's height whenever it changes. */
export function usePostAnalyticsHeight(isFramed: boolean) {
  useEffect(() => {
    if (!isFramed) return
    const post = () =>
      window.parent.postMessage(
        { type: ANALYTICS_HEIGHT_MESSAGE, height: Math.ceil(document.body.getBoundingClientRect().height) },
        window.location.origin,
      )
    const observer = new ResizeObserver(post)
    observer.observe(document.body)
    post()
    return () => observer.disconnect()
  }, [isFramed])
}
