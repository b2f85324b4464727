/**
 * HTML from a template or a sent message, shown in a sandboxed frame (issue 14 "Safe preview"): an empty
 * `sandbox` allows no scripts, no forms, no pop-ups and no navigation of this page, and gives the frame
 * an origin of its own, so a `<script>`, an `onerror` or a `javascript:` link in the HTML never runs.
 */
export function HtmlPreviewFrame({ html, title, height = 420 }: { html: string; title: string; height?: number }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      referrerPolicy="no-referrer"
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
        background: '#fff',
      }}
    />
  )
}
