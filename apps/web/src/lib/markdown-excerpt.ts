import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { toString } from 'mdast-util-to-string'
import { gfm } from 'micromark-extension-gfm'

const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code'])

function texts(node: Nodes): string[] {
  if (node.type === 'html') return []
  if (TEXT_BLOCKS.has(node.type) || !('children' in node)) return [toString(node)]
  return node.children.flatMap(texts)
}

/**
 * The words of a GFM markdown value without its syntax (emphasis marks, links' targets, table pipes, raw HTML),
 * one space between blocks: what a list shows of a markdown field.
 */
export function markdownExcerpt(markdown: string): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  return texts(tree)
    .map((text) => text.trim())
    .filter(Boolean)
    .join(' ')
}
