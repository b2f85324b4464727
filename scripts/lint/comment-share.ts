import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * Prints the share of production lines that are comments (STYLE.md: few comments, each a why or a contract; the budget
 * is 5 %, docs/testing.md). Production: the TypeScript of apps/server/src, apps/web/src and packages/*\/src, not tests
 * (*.test.ts[x], apps/server/src/test/) nor type declarations. A line counts once when it holds any comment text (a
 * line of a block comment, a `//` line, code with a comment after it); lines are the non-blank ones.
 * `--files N` lists the N files with the most comment lines; `--max P` exits 1 above P percent.
 */

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages']

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' || full === 'apps/server/src/test'
        ? []
        : productionFiles(full)
    const isSource = /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)
    const isPackageSource = !full.startsWith('packages') || full.split(path.sep).includes('src')
    return isSource && isPackageSource ? [full] : []
  })
}

export function countLines(text: string, fileName = 'file.ts'): { lines: number; commentLines: number } {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const commented = new Set<number>()
  const seen = new Set<number>()
  const mark = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue
      seen.add(range.pos)
      const first = source.getLineAndCharacterOfPosition(range.pos).line
      const last = source.getLineAndCharacterOfPosition(range.end).line
      for (let line = first; line <= last; line++) commented.add(line)
    }
  }
  const visit = (node: ts.Node) => {
    mark(ts.getLeadingCommentRanges(text, node.getFullStart()))
    mark(ts.getTrailingCommentRanges(text, node.getEnd()))
    // JSX comments are expressions holding only comments: {/* … */}
    if (ts.isJsxExpression(node) && !node.expression) mark(ts.getLeadingCommentRanges(text, node.getStart(source) + 1))
    node.getChildren(source).forEach(visit)
  }
  visit(source)
  const lines = text.split('\n').filter((line) => line.trim() !== '').length
  return { lines, commentLines: commented.size }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = ROOTS.flatMap(productionFiles).map((file) => ({
    file,
    ...countLines(fs.readFileSync(file, 'utf8'), file),
  }))
  const lines = files.reduce((sum, file) => sum + file.lines, 0)
  const commentLines = files.reduce((sum, file) => sum + file.commentLines, 0)
  const share = (100 * commentLines) / lines
  console.log(
    `${commentLines} comment lines of ${lines} production lines in ${files.length} files: ${share.toFixed(2)} %`,
  )
  const listed = process.argv.indexOf('--files')
  if (listed > 0)
    for (const file of files.sort((a, b) => b.commentLines - a.commentLines).slice(0, Number(process.argv[listed + 1])))
      console.log(`  ${String(file.commentLines).padStart(4)} of ${String(file.lines).padStart(5)}  ${file.file}`)
  const max = process.argv.indexOf('--max')
  if (max > 0 && share > Number(process.argv[max + 1])) {
    console.error(
      `Over the comment budget of ${process.argv[max + 1]} %: keep whys and contracts, move area narrative to docs (docs/testing.md).`,
    )
    process.exit(1)
  }
}
