export interface Proof {
  file: string
  test: string
}
export interface Statement {
  id: string
  doc: string
  section: string
  statement: string
  tests: Proof[]
  decision?: string
  note?: string
}
export interface Table {
  preamble: string
  statements: Statement[]
}
export interface DeclaredTest {
  title: string
  path: string
}

export const DATA: string
export const TABLE: string
export const DOCUMENTS: Record<string, string>
export function testTitles(code: string, fileName?: string): DeclaredTest[]
export function titleMatches(named: string, declared: string): boolean
export function namesTest(title: string, declared: DeclaredTest[]): boolean
export function flatten(data: unknown): Table
export function readData(root?: string): Table
export function missingTests(data: Table, root?: string): string[]
export function dataProblems(data: Table, root?: string): string[]
export function statusOf(row: Statement): 'covered' | 'different' | 'gap'
export function counts(data: Table): { statements: number; covered: number; different: number; gaps: number }
export function render(data: Table): string
export function check(root?: string): string[]
