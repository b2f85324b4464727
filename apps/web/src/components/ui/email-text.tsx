import { Fragment } from 'react'

/**
 * An email address that wraps only after its '@' and before each '.', never inside a word (a long address in a
 * narrow cell); a part longer than the line still breaks, as a last resort.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/)
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
