import { Fragment } from 'react'

/**
 * An email address that wraps only after its '@' and before each '.', never inside a word (a long address in a
 * narrow cell). Each part is an inline block, so the hyphens inside a part are no break (a browser breaks after a
 * hyphen otherwise); a part longer than the whole line still breaks, as a last resort.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/)
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span style={{ display: 'inline-block', maxWidth: '100%' }}>{part}</span>
        </Fragment>
      ))}
    </span>
  )
}
