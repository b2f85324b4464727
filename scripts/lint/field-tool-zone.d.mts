import type { Linter } from 'eslint'

export const FIELD_TOOL_FEATURES: string[]
export function zodBearingContracts(root?: string): string[]
export function fieldToolModules(root?: string): string[]
export function fieldToolZone(root?: string): Linter.Config
