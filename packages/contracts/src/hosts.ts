export type AppName = 'field' | 'admin'

const FIELD_LABELS = new Set(['snapshot', 'staging-snapshot'])

/** The host's first label picks the app: snapshot/staging-snapshot → field tool, else admin (spec: admin-console-part-2 §1). */
export function appForHost(host: string | undefined): AppName {
  const firstLabel = (host ?? '').split(':')[0]!.split('.')[0]!.toLowerCase()
  return FIELD_LABELS.has(firstLabel) ? 'field' : 'admin'
}

/** View Tasks shows only on snapshot and staging-snapshot hosts (spec: snapshot-field-tool §6). */
export function isSnapshotHost(host: string | undefined): boolean {
  return appForHost(host) === 'field'
}
