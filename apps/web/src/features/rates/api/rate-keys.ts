import type { RateKind } from '@storageops/contracts/rates'

export const rateKeys = {
  all: (kind: RateKind) => ['rates', kind] as const,
  changes: (kind: RateKind) => ['rates', kind, 'changes'] as const,
  /** Pages of the rows to process, refreshed with the changes. */
  changesPage: (kind: RateKind) => ['rates', kind, 'changes', 'page'] as const,
  logs: (kind: RateKind) => ['rates', kind, 'logs'] as const,
  liveLog: (kind: RateKind) => ['rates', kind, 'live-log'] as const,
}
