import { describe, expect, it } from 'vitest'
import { markdownExcerpt } from './markdown-excerpt.ts'

describe('markdownExcerpt', () => {
  it('keeps the words and drops emphasis, links and headings marks', () => {
    expect(markdownExcerpt('## Leases\n\nUnits rent **month-to-month**; see [our FAQ](https://example.com/faq).')).toBe(
      'Leases Units rent month-to-month; see our FAQ.',
    )
  })

  it('reads a GFM table cell by cell and a task list item by item', () => {
    expect(markdownExcerpt('| Size | Rate |\n| --- | --- |\n| 5x5 | $40 |\n\n- [x] Lock\n- [ ] ~~Boxes~~')).toBe(
      'Size Rate 5x5 $40 Lock Boxes',
    )
  })

  it('leaves plain text as it is and drops raw HTML', () => {
    expect(markdownExcerpt('Open 7 days a week')).toBe('Open 7 days a week')
    expect(markdownExcerpt('<div onclick="x()">Hi</div>\n\nAfter')).toBe('After')
  })
})
