/**
 * What the scale bench measures (issue 30), in one place to update as the lists change: every list API (the spec's
 * form and its paged form) and every list screen with its ready element and the inputs tried on it.
 */

/** A facility the seed makes at every scale. */
export const FACILITY = 'TX100'

export interface ListRead {
  /** Unique: the read's key in the bench's tables. */
  name: string
  /** Path and query. */
  url: string
  /** Signed in as the field tool's regional manager or the admin console's superadmin. */
  as: 'field' | 'admin'
  /** A paged form: measured only once it answers `{ rows, count }` (DESIGN §13); until then 'not paged yet'. */
  paged?: boolean
}

const PAGE = 'limit=20&offset=0'

export const LIST_READS: ListRead[] = [
  { name: 'facility list (field)', url: '/api/locations', as: 'field' },
  { name: 'task search', url: '/api/tasks/search?query=A10', as: 'field' },
  { name: 'tasks overview', url: '/api/tasks/overview', as: 'field' },
  { name: 'facilities overview', url: '/api/facilities/overview', as: 'field' },
  { name: 'facility detail', url: `/api/snapshot_locations?location_code=${FACILITY}`, as: 'field' },
  {
    name: 'tasks, first page',
    url: `/api/tasks?page=1&page_size=10&closed=false&location_code=${FACILITY}&type=unit`,
    as: 'field',
  },
  { name: 'analytics report', url: '/api/dashboard/analytics_report', as: 'field' },
  { name: 'admin locations', url: '/api/locations?role=admin', as: 'admin' },
  {
    name: 'admin locations, paged',
    url: `/api/locations?role=admin&${PAGE}&sort=name&order=asc`,
    as: 'admin',
    paged: true,
  },
  { name: 'admin locations, search', url: `/api/locations?role=admin&${PAGE}&q=Austin`, as: 'admin', paged: true },
  { name: 'bulk edit', url: '/api/locations_bulk_edit', as: 'admin' },
  { name: 'bulk edit, paged', url: `/api/locations_bulk_edit?${PAGE}`, as: 'admin', paged: true },
  { name: 'snapshot list', url: '/api/locations', as: 'admin' },
  { name: 'snapshot list, paged', url: `/api/locations?${PAGE}&sort=name&order=asc`, as: 'admin', paged: true },
  { name: 'communication history', url: `/api/communications?${PAGE}`, as: 'admin', paged: true },
  { name: 'auction winners', url: `/api/auction_winners?${PAGE}`, as: 'admin', paged: true },
  { name: 'lease terminations', url: `/api/lease_terminations?${PAGE}`, as: 'admin', paged: true },
  { name: 'cities', url: '/api/cities', as: 'admin' },
  { name: 'cities, paged', url: `/api/cities?${PAGE}`, as: 'admin', paged: true },
  { name: 'landing pages', url: '/api/landing_pages', as: 'admin' },
  { name: 'landing pages, paged', url: `/api/landing_pages?${PAGE}`, as: 'admin', paged: true },
  { name: 'files', url: '/api/file', as: 'admin' },
  { name: 'files, paged', url: `/api/file?${PAGE}`, as: 'admin', paged: true },
  { name: 'files, search', url: `/api/file?${PAGE}&q=jpg`, as: 'admin', paged: true },
  { name: 'cities, search', url: `/api/cities?${PAGE}&q=spring`, as: 'admin', paged: true },
  { name: 'street rate changes', url: '/api/street_rate/changes', as: 'admin' },
  { name: 'street rate changes, paged', url: `/api/street_rate/changes?${PAGE}&sort=change`, as: 'admin', paged: true },
  { name: 'unit types', url: `/api/location_unittypes?location_code=${FACILITY}`, as: 'admin' },
  { name: 'unit map units', url: `/api/location_units?location_code=${FACILITY}`, as: 'admin' },
  { name: 'users', url: '/api/users', as: 'admin' },
]

/** The facility list the phone keeps whole: its repeat with If-None-Match should cost a 304 (issue 30). */
export const CACHED_LIST_URL = '/api/locations'

/** A list's rows on a screen: table rows (not a virtual list's spacers) and list items of a labelled list. */
export const ROWS = 'main tbody tr:not([aria-hidden]), main ul[aria-label] > li'

export type ScreenInput =
  /** A click on the column header of that name. */
  | { kind: 'sort'; column: string }
  /** `text` typed into the search field (the first searchbox, or text field named like 'search'). */
  | { kind: 'filter'; text: string }
  /** A click on 'Next page'. */
  | { kind: 'page' }

export interface ListScreen {
  name: string
  app: 'field' | 'admin'
  path: string
  /** The first usable row: a visible `selector` containing `text` (non-blank when ''). Default: the first of ROWS. */
  ready?: { selector: string; text: string }
  inputs: ScreenInput[]
}

export const LIST_SCREENS: ListScreen[] = [
  { name: 'Facility Search', app: 'field', path: '/', inputs: [{ kind: 'filter', text: 'TX1' }] },
  {
    name: 'Task Overview',
    app: 'field',
    path: '/snapshot/tasks-overview',
    inputs: [
      { kind: 'sort', column: 'Facility' },
      { kind: 'filter', text: 'A10' },
    ],
  },
  {
    name: 'Dashboard',
    app: 'field',
    path: '/snapshot/dashboard',
    inputs: [
      { kind: 'sort', column: 'Open Tasks' },
      { kind: 'filter', text: 'TX1' },
    ],
  },
  {
    name: 'admin Locations',
    app: 'admin',
    path: '/locations',
    inputs: [{ kind: 'sort', column: 'Name' }, { kind: 'filter', text: 'Austin' }, { kind: 'page' }],
  },
  { name: 'Location Bulk Edit', app: 'admin', path: '/locations_bulk_edit', inputs: [{ kind: 'page' }] },
  {
    name: 'admin Snapshot list',
    app: 'admin',
    path: '/snapshot',
    inputs: [{ kind: 'sort', column: 'Facility' }, { kind: 'filter', text: 'TX1' }, { kind: 'page' }],
  },
  {
    name: 'Cities (content list)',
    app: 'admin',
    path: '/cities',
    inputs: [{ kind: 'sort', column: 'State' }, { kind: 'filter', text: 'Spring' }, { kind: 'page' }],
  },
  {
    name: 'Landing Pages',
    app: 'admin',
    path: '/landing-pages',
    inputs: [
      { kind: 'sort', column: 'Full Name' },
      { kind: 'filter', text: 'storage' },
    ],
  },
  { name: 'Communication History', app: 'admin', path: '/communication-history', inputs: [{ kind: 'page' }] },
  { name: 'Auction winners', app: 'admin', path: '/auctions/history', inputs: [{ kind: 'page' }] },
  {
    name: 'File Management',
    app: 'admin',
    path: '/file-management',
    inputs: [{ kind: 'sort', column: 'Size' }, { kind: 'filter', text: 'jpg' }, { kind: 'page' }],
  },
  // One facility's unit types from the storage-management system, saved all at once: bounded, not paged.
  { name: 'Unit Types', app: 'admin', path: `/locations/${FACILITY}/unit_types`, inputs: [] },
]
