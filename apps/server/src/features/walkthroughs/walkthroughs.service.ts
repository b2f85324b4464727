import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { ListQueryOf } from '@storageops/contracts/list-query'
import { toUnitStatus } from '@storageops/contracts/unit-map-rules'
import {
  DEFAULT_CADENCE_DAYS,
  DEFAULT_OVERLOCK_DAYS,
  DISCREPANCIES,
  DISCREPANCY_TASKS,
  EXPECTATION_LABELS,
  OBSERVATION_LABELS,
  LOCK_CHECK_PAGE_SIZE,
  WALKTHROUGH_ARCHIVE_SORTS,
  WALKTHROUGH_PAGE_SIZE,
  WALKTHROUGH_SETTINGS,
  WALKTHROUGH_TEXT,
  daysSince,
  lockCheckCutoff,
  type LockCheckSort,
  daysPastDue,
  discrepancyOf,
  expectedLock,
  isFullWalkthrough,
  walkthroughProgress,
  type Discrepancy,
  type SerialCheck,
} from '@storageops/contracts/walkthrough-rules'
import type {
  LockChecksDue,
  ObservationInput,
  RecordObservationsResult,
  Walkthrough,
  WalkthroughList,
  WalkthroughListQuery,
  WalkthroughSummary,
  WalkthroughUnit,
} from '@storageops/contracts/walkthroughs'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import {
  comboLocks,
  facilityLastFullWalkthroughs,
  locations,
  snapshotLocations,
  taskTypes,
  walkthroughObservations,
  walkthroughUnits,
  walkthroughs,
} from '../../db/schema.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import {
  checkPhotos,
  fileUrl,
  removePhotos,
  storePhotos,
  type StoredPhoto,
  type UploadedPhoto,
} from '../../integrations/files/photos.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'
import { parseActionTime } from '../../lib/action-time.ts'
import { recordAudit } from '../../lib/audit.ts'
import { rowsOf } from '../../lib/sql-rows.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { listOrderBy, listSearch, listWindow, readPage, type ListColumns } from '../../lib/list-query.ts'
import { HttpError, badGateway, conflict, notFound, unprocessable } from '../../lib/http-error.ts'
import { numberSettings } from '../../lib/number-settings.ts'
import type { Session } from '../../lib/session.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'
import { readRentRoll } from '../ecri/ssm-rent-roll.ts'
import { listUnitTenancies } from '../lease-terminations/ssm-units.service.ts'
import { createTask, recordTaskActivity, taskActorOf, type TaskActor } from '../tasks/task-writes.service.ts'
import { walkOrderedUnits } from '../unit-maps/walk-order.service.ts'

type WalkthroughRow = typeof walkthroughs.$inferSelect
type UnitRow = typeof walkthroughUnits.$inferSelect
type ParsedObservation = z.output<typeof ObservationInput>

const INSERT_BATCH = 2000

/** The overlock day count and the lock-check cadence (Settings rows, else 5 and 7 days; lib/number-settings.ts). */
export async function walkthroughSettings(db: Db | Tx) {
  const values = await numberSettings(db, {
    [WALKTHROUGH_SETTINGS.overlockDays]: DEFAULT_OVERLOCK_DAYS,
    [WALKTHROUGH_SETTINGS.cadenceDays]: DEFAULT_CADENCE_DAYS,
  })
  return {
    overlock_days: values[WALKTHROUGH_SETTINGS.overlockDays],
    cadence_days: values[WALKTHROUGH_SETTINGS.cadenceDays],
  }
}

const person = (username: string | null, fullName: string | null) =>
  username === null ? null : { username, full_name: fullName ?? username }

function durationOf(row: WalkthroughRow, now: Date): number {
  const running = row.resumed_at ? Math.max(0, now.getTime() - row.resumed_at.getTime()) / 1000 : 0
  return Math.round(row.active_seconds + running)
}

async function summariesOf(db: Db | Tx, rows: WalkthroughRow[], now = new Date()): Promise<WalkthroughSummary[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const counts = await db
    .select({
      walkthrough_id: walkthroughUnits.walkthrough_id,
      unit_count: sql<number>`(count(*) filter (where ${walkthroughUnits.expected} <> 'skip'))::int`,
      checked_count: sql<number>`(count(*) filter (where ${walkthroughUnits.expected} <> 'skip' and ${walkthroughUnits.observed} is not null))::int`,
      task_count: sql<number>`(count(distinct ${walkthroughUnits.task_id}))::int`,
      ...Object.fromEntries(
        DISCREPANCIES.map((kind) => [
          kind,
          sql<number>`(count(*) filter (where ${walkthroughUnits.discrepancy} = ${kind}))::int`,
        ]),
      ),
    })
    .from(walkthroughUnits)
    .where(inArray(walkthroughUnits.walkthrough_id, ids))
    .groupBy(walkthroughUnits.walkthrough_id)
  const walkers = await db
    .select({
      walkthrough_id: walkthroughObservations.walkthrough_id,
      username: walkthroughObservations.observed_by_username,
      full_name: sql<string>`max(${walkthroughObservations.observed_by_name})`,
      first: sql<Date>`min(${walkthroughObservations.id})`,
    })
    .from(walkthroughObservations)
    .where(inArray(walkthroughObservations.walkthrough_id, ids))
    .groupBy(walkthroughObservations.walkthrough_id, walkthroughObservations.observed_by_username)
    .orderBy(sql`min(${walkthroughObservations.id})`)
  const names = await db
    .select({ location_code: locations.location_code, name: locations.name })
    .from(locations)
    .where(inArray(locations.location_code, [...new Set(rows.map((row) => row.location_code))]))
  const facilityName = new Map(names.map((row) => [row.location_code, row.name]))
  return rows.map((row) => {
    const count = counts.find((entry) => entry.walkthrough_id === row.id) as
      | (Record<Discrepancy | 'unit_count' | 'checked_count' | 'task_count', number> & { walkthrough_id: number })
      | undefined
    const unitCount = count?.unit_count ?? 0
    const checkedCount = count?.checked_count ?? 0
    return {
      id: row.id,
      location_code: row.location_code,
      facility_name: facilityName.get(row.location_code) ?? row.location_code,
      status: row.status,
      started_at: row.started_at.toISOString(),
      started_by: { username: row.started_by_username, full_name: row.started_by_name },
      finished_at: row.finished_at?.toISOString() ?? null,
      finished_by: person(row.finished_by_username, row.finished_by_name),
      overlock_days: row.overlock_days,
      unit_count: unitCount,
      checked_count: checkedCount,
      full: isFullWalkthrough({ unit_count: unitCount, checked_count: checkedCount }),
      discrepancies: Object.fromEntries(DISCREPANCIES.map((kind) => [kind, Number(count?.[kind] ?? 0)])) as Record<
        Discrepancy,
        number
      >,
      walkers: walkers
        .filter((walker) => walker.walkthrough_id === row.id)
        .map((walker) => ({ username: walker.username, full_name: walker.full_name })),
      duration_seconds: durationOf(row, now),
      task_count: count?.task_count ?? 0,
    }
  })
}

function toUnit(row: UnitRow): WalkthroughUnit {
  return {
    unit_no: row.unit_no,
    floor_no: row.floor_no,
    position: row.position,
    ssm_status: row.ssm_status,
    days_past_due: row.days_past_due,
    expected: row.expected,
    observed: row.observed,
    observed_at: row.observed_at?.toISOString() ?? null,
    observed_by: person(row.observed_by_username, row.observed_by_name),
    lock_serial: row.lock_serial,
    serial_check: row.serial_check,
    note: row.note,
    photo_url: row.photo_file ? fileUrl(row.photo_file) : null,
    discrepancy: row.discrepancy,
    task_id: row.task_id,
    observation_count: row.observation_count,
  }
}

async function walkthroughRow(db: Db | Tx, id: number, forUpdate = false): Promise<WalkthroughRow> {
  const query = db.select().from(walkthroughs).where(eq(walkthroughs.id, id)).limit(1)
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw notFound(`Walkthrough ${id} does not exist.`, 'id')
  return row
}

/** One walkthrough with its units in walk order. Errors: 404. */
export async function getWalkthrough(db: Db | Tx, id: number): Promise<Walkthrough> {
  const row = await walkthroughRow(db, id)
  const units = await db
    .select()
    .from(walkthroughUnits)
    .where(eq(walkthroughUnits.walkthrough_id, id))
    .orderBy(asc(walkthroughUnits.position))
  const [summary] = await summariesOf(db, [row])
  return { ...summary!, units: units.map(toUnit) }
}

const ARCHIVE_LIST: ListColumns<(typeof WALKTHROUGH_ARCHIVE_SORTS)[number]> = {
  sorts: { started_at: walkthroughs.started_at },
  key: walkthroughs.id,
  defaultOrder: [desc(walkthroughs.started_at)],
  defaultLimit: WALKTHROUGH_PAGE_SIZE,
}

/** A facility's walkthroughs (newest first unless sorted), one page, and the one under way. Errors: 404 unknown facility. */
export async function listWalkthroughs(db: Db, query: WalkthroughListQuery): Promise<WalkthroughList> {
  const location = await getLocationByCode(db, query.location_code)
  const [page, open] = await Promise.all([
    readPage(
      db,
      walkthroughs,
      ARCHIVE_LIST,
      query,
      (row) => row,
      eq(walkthroughs.location_code, location.location_code),
    ),
    openWalkthroughOf(db, location.location_code),
  ])
  return { rows: await summariesOf(db, page.rows), count: page.count, open_walkthrough_id: open }
}

const lastFull = sql`last_full.full_at`
const LOCK_CHECK_LIST: ListColumns<LockCheckSort> = {
  sorts: {
    facility_name: locations.name,
    site_code: locations.location_code,
    city: locations.city,
    state: locations.state,
    last_full_walkthrough_at: lastFull,
  },
  key: locations.id,
  defaultOrder: [sql`${lastFull} asc nulls first`, asc(locations.name)],
  search: [locations.location_code, locations.name, locations.city, locations.state],
  defaultLimit: LOCK_CHECK_PAGE_SIZE,
}

/** The regional view (issue 31): field-tool facilities due a lock check (`lockCheckCutoff`), one page (DESIGN §13). */
export async function listLockChecksDue(
  db: Db,
  query: ListQueryOf<LockCheckSort>,
  now: Date = new Date(),
): Promise<LockChecksDue> {
  const { cadence_days } = await walkthroughSettings(db)
  const cutoff = lockCheckCutoff(cadence_days, now).toISOString()
  const { limit, offset } = listWindow(LOCK_CHECK_LIST, query)
  // The count comes with the page: the top-N sort reads every due facility anyway (docs/areas/walkthroughs.md).
  const from = sql`
    from ${locations}
    left join ${facilityLastFullWalkthroughs} last_full on last_full.location_code = ${locations.location_code}
    where not exists (
        select 1 from ${snapshotLocations}
        where ${snapshotLocations.location_code} = ${locations.location_code} and ${snapshotLocations.hide_in_snapshot}
      )
      and (${lastFull} is null or ${lastFull} < ${cutoff}::timestamptz)
      ${query.q ? sql`and ${listSearch(LOCK_CHECK_LIST, query.q)}` : sql``}`
  const rows = await rowsOf<{
    site_code: string
    facility_name: string
    city: string
    state: string
    slug: string
    full_at: Date | string | null
    full_id: number | null
    total: number
  }>(
    db,
    sql`select ${locations.location_code} as site_code, ${locations.name} as facility_name, ${locations.city} as city,
      ${locations.state} as state, ${locations.slug} as slug, last_full.full_at, last_full.walkthrough_id as full_id,
      count(*) over ()::int as total
      ${from}
      order by ${sql.join(listOrderBy(LOCK_CHECK_LIST, query), sql`, `)}
      limit ${limit} offset ${offset}`,
  )
  const total =
    rows[0]?.total ??
    (offset > 0 ? (await rowsOf<{ count: number }>(db, sql`select count(*)::int as count ${from}`))[0]?.count : 0)
  const openRows = await db
    .select()
    .from(walkthroughs)
    .where(
      and(
        inArray(
          walkthroughs.location_code,
          rows.map((row) => row.site_code),
        ),
        ne(walkthroughs.status, 'finished'),
      ),
    )
  const open = new Map((await summariesOf(db, openRows, now)).map((summary) => [summary.location_code, summary]))
  return {
    rows: rows.map((row) => {
      const at = row.full_at === null ? null : new Date(row.full_at)
      const walking = open.get(row.site_code)
      return {
        site_code: row.site_code,
        facility_name: row.facility_name,
        city: row.city,
        state: row.state,
        slug: row.slug,
        last_full_walkthrough_at: at?.toISOString() ?? null,
        last_full_walkthrough_id: row.full_id === null ? null : Number(row.full_id),
        days_since: daysSince(at, now),
        open_walkthrough: walking
          ? {
              id: walking.id,
              status: walking.status,
              checked_count: walking.checked_count,
              unit_count: walking.unit_count,
            }
          : null,
      }
    }),
    count: Number(total ?? 0),
    cadence_days,
  }
}

const openConflict = (id: number) => conflict(WALKTHROUGH_TEXT.alreadyOpen, { open_walkthrough_id: id })

async function openWalkthroughOf(db: Db | Tx, locationCode: string): Promise<number | null> {
  const [open] = await db
    .select({ id: walkthroughs.id })
    .from(walkthroughs)
    .where(and(eq(walkthroughs.location_code, locationCode), ne(walkthroughs.status, 'finished')))
    .limit(1)
  return open?.id ?? null
}

/** The days each rented unit of a facility is past due, from its rent roll (the most of a unit's leases). */
async function daysPastDueByUnit(ssm: SsmClient, code: string): Promise<Map<string, number>> {
  const days = new Map<string, number>()
  for await (const batch of readRentRoll(ssm, [code]))
    for (const lease of batch.leases)
      days.set(lease.unit_no, Math.max(daysPastDue(lease.paid_thru), days.get(lease.unit_no) ?? 0))
  return days
}

/**
 * Starts a facility's walkthrough, each unit with the door the system expects. Errors: 404 unknown facility; 422
 * no units; 409 with open_walkthrough_id while one is under way (also under a race); 502 the system failing.
 */
export async function startWalkthrough(
  db: Db,
  ssm: SsmClient,
  locationCode: string,
  session: Session,
  actedAt: Date | null,
): Promise<Walkthrough> {
  const location = await getLocationByCode(db, locationCode)
  const code = location.location_code
  const { units } = await walkOrderedUnits(db, code)
  if (units.length === 0) throw unprocessable(WALKTHROUGH_TEXT.noUnits, 'location_code')
  const open = await openWalkthroughOf(db, code)
  if (open !== null) throw openConflict(open)
  const statuses = new Map<string, ReturnType<typeof toUnitStatus>>()
  let pastDue: Map<string, number>
  try {
    const [tenancies, days] = await Promise.all([listUnitTenancies(ssm, code), daysPastDueByUnit(ssm, code)])
    for (const unit of tenancies) statuses.set(unit.unit_no, toUnitStatus(unit.status))
    pastDue = days
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(`The storage-management system could not be read: ${error.message}`)
    throw error
  }
  const { overlock_days } = await walkthroughSettings(db)
  const actor = taskActorOf(session, actedAt)
  try {
    const id = await db.transaction(async (tx) => {
      const now = new Date()
      const [row] = await tx
        .insert(walkthroughs)
        .values({
          location_code: code,
          status: 'in_progress',
          started_at: now,
          started_by_username: actor.username,
          started_by_name: actor.full_name,
          overlock_days,
          resumed_at: now,
        })
        .returning()
      const rows = units.map((unit, position) => {
        const status = statuses.get(unit.unit_no) ?? null
        const days = status === 'Rented' ? (pastDue.get(unit.unit_no) ?? 0) : null
        return {
          walkthrough_id: row!.id,
          unit_no: unit.unit_no,
          floor_no: unit.floor_no,
          position,
          ssm_status: status,
          days_past_due: days,
          expected: expectedLock(status, days, overlock_days),
        }
      })
      for (let start = 0; start < rows.length; start += INSERT_BATCH)
        await tx.insert(walkthroughUnits).values(rows.slice(start, start + INSERT_BATCH))
      await recordAudit(
        tx,
        session,
        'walkthrough.start',
        'walkthrough',
        row!.id,
        null,
        {
          location_code: code,
          units: rows.length,
          overlock_days,
        },
        actedAt,
      )
      return row!.id
    })
    return await getWalkthrough(db, id)
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await openWalkthroughOf(db, code)
      if (winner !== null) throw openConflict(winner)
    }
    throw error
  }
}

/** known: a combination lock of this facility (or of none); other_facility: another facility's; unknown: no such serial. */
async function serialChecks(db: Db | Tx, locationCode: string, serials: string[]): Promise<Map<string, SerialCheck>> {
  const wanted = [...new Set(serials.map((serial) => serial.toUpperCase()))]
  if (wanted.length === 0) return new Map()
  const locks = await db
    .select({ serial_number: comboLocks.serial_number, location_code: comboLocks.location_code })
    .from(comboLocks)
    .where(inArray(comboLocks.serial_number, wanted))
  const checks = new Map<string, SerialCheck>()
  for (const serial of wanted) {
    const lock = locks.find((candidate) => candidate.serial_number === serial)
    checks.set(
      serial,
      !lock
        ? 'unknown'
        : lock.location_code === null || lock.location_code === locationCode
          ? 'known'
          : 'other_facility',
    )
  }
  return checks
}

const finishedRefusal = (row: WalkthroughRow, field?: string) =>
  new HttpError(409, 'conflict', `${WALKTHROUGH_TEXT.finishedRefusal} ${row.finished_by_name} finished it.`, field)

async function discrepancyTaskTypes(tx: Tx): Promise<Map<Discrepancy, number>> {
  const titles = DISCREPANCIES.map((kind) => DISCREPANCY_TASKS[kind].title)
  await tx
    .insert(taskTypes)
    .values(titles.map((title) => ({ title, category: 'unit' as const })))
    .onConflictDoNothing()
  const rows = await tx
    .select({ id: taskTypes.id, title: taskTypes.title })
    .from(taskTypes)
    .where(and(eq(taskTypes.category, 'unit'), inArray(taskTypes.title, titles)))
  return new Map(
    DISCREPANCIES.map((kind) => [kind, rows.find((row) => row.title === DISCREPANCY_TASKS[kind].title)!.id]),
  )
}

function describeFinding(walkthrough: WalkthroughRow, unit: UnitRow): string {
  const status = unit.ssm_status
    ? `${unit.ssm_status}${unit.days_past_due ? `, ${unit.days_past_due} days past due` : ''}`
    : 'not in the system'
  const serial = unit.lock_serial ? ` (serial ${unit.lock_serial}, ${unit.serial_check ?? 'unchecked'})` : ''
  return `Walkthrough #${walkthrough.id}: expected ${EXPECTATION_LABELS[unit.expected].toLowerCase()} (${status}), found ${OBSERVATION_LABELS[unit.observed!].toLowerCase()}${serial}. Recorded by ${unit.observed_by_name}.${unit.note ? ` Note: ${unit.note}` : ''}`
}

/** Each discrepancy becomes a unit task, or a note on the open one (spec §4's duplicate rule); the unit keeps its id. */
async function raiseTasks(
  tx: Tx,
  walkthrough: WalkthroughRow,
  units: UnitRow[],
  actor: TaskActor,
  files: FileStorage,
): Promise<void> {
  const raising = units.filter((unit) => unit.discrepancy !== null)
  if (raising.length === 0) return
  const types = await discrepancyTaskTypes(tx)
  const photos = await photosOf(tx, raising)
  for (const unit of raising) {
    const kind = unit.discrepancy!
    const description = describeFinding(walkthrough, unit)
    let taskId: number
    try {
      const task = await createTask(
        tx,
        {
          site_code: walkthrough.location_code,
          task_type_id: types.get(kind)!,
          unit_no: unit.unit_no,
          prior: DISCREPANCY_TASKS[kind].prior,
          description,
          role: null,
        },
        actor,
        { files, storedPhotos: photos.get(unit.observation_id!) ?? [] },
      )
      taskId = task.id
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      const duplicate = error.extra.duplicate_open_task_id
      if (typeof duplicate === 'number') {
        await recordTaskActivity(tx, { task_id: duplicate, note: `Seen again. ${description}` }, actor)
        taskId = duplicate
      } else if (error.field === 'unit_no') continue
      else throw error
    }
    await tx
      .update(walkthroughUnits)
      .set({ task_id: taskId })
      .where(and(eq(walkthroughUnits.walkthrough_id, walkthrough.id), eq(walkthroughUnits.unit_no, unit.unit_no)))
  }
}

async function photosOf(tx: Tx, units: UnitRow[]): Promise<Map<number, StoredPhoto[]>> {
  const ids = units.filter((unit) => unit.photo_file && unit.observation_id).map((unit) => unit.observation_id!)
  if (ids.length === 0) return new Map()
  const rows = await tx.select().from(walkthroughObservations).where(inArray(walkthroughObservations.id, ids))
  return new Map(
    rows.map((row) => [
      row.id,
      [
        {
          file_name: row.photo_file!,
          thumbnail_name: row.photo_thumbnail,
          content_type: row.photo_content_type ?? 'image/jpeg',
          byte_size: row.photo_bytes ?? 0,
        },
      ],
    ]),
  )
}

/** The newer of two observations of a unit: made later on the phone, or made at the same moment and received later. */
const isNewer = (at: Date, id: number, than: { observed_at: Date | null; observation_id: number | null }) =>
  than.observed_at === null ||
  at.getTime() > than.observed_at.getTime() ||
  (at.getTime() === than.observed_at.getTime() && id > (than.observation_id ?? 0))

/**
 * Records doors (issue 31), each observation once by client_id; the latest made wins. A finished walkthrough takes
 * only observations made before its finish. All or nothing. Errors: 404; 422 naming `observations.N.…` (unit not
 * in it or skipped, time ahead of the server's); 409 an observation after the finish; 415/413 the photo.
 */
export async function recordObservations(
  db: Db,
  files: FileStorage,
  id: number,
  items: ParsedObservation[],
  session: Session,
  options: {
    actedAt: Date | null
    photo?: UploadedPhoto
    /** The field an error names: `observations.N.name` in a list, the bare name for one multipart observation. */
    fieldOf?: (index: number, name: string) => string
  },
): Promise<RecordObservationsResult> {
  const now = new Date()
  const fieldOf = options.fieldOf ?? ((index: number, name: string) => `observations.${index}.${name}`)
  const times = items.map((item, index) =>
    item.observed_at ? parseActionTime(item.observed_at, now, fieldOf(index, 'observed_at')) : (options.actedAt ?? now),
  )
  const stored = options.photo ? await storePhotos(files, await checkPhotos([options.photo]), 'walkthrough') : []
  const actor = taskActorOf(session, options.actedAt)
  try {
    const result = await db.transaction(async (tx) => {
      const walkthrough = await walkthroughRow(tx, id, true)
      const unitNos = [...new Set(items.map((item) => item.unit_no))]
      const units = await tx
        .select()
        .from(walkthroughUnits)
        .where(and(eq(walkthroughUnits.walkthrough_id, id), inArray(walkthroughUnits.unit_no, unitNos)))
        .for('update')
      const byNo = new Map(units.map((unit) => [unit.unit_no, unit]))
      items.forEach((item, index) => {
        const unit = byNo.get(item.unit_no)
        if (!unit) throw unprocessable(`Unit ${item.unit_no} is not in this walkthrough.`, fieldOf(index, 'unit_no'))
        if (unit.expected === 'skip')
          throw unprocessable(
            `Unit ${item.unit_no} is ${unit.ssm_status ?? 'not in the storage-management system'}: it is not checked in a walkthrough.`,
            fieldOf(index, 'unit_no'),
          )
        if (walkthrough.status === 'finished' && times[index]!.getTime() > walkthrough.finished_at!.getTime())
          throw finishedRefusal(walkthrough, fieldOf(index, 'observed_at'))
      })
      const checks = await serialChecks(
        tx,
        walkthrough.location_code,
        items.flatMap((item) => (item.lock_serial ? [item.lock_serial] : [])),
      )
      const photo = stored[0]
      const inserted = await tx
        .insert(walkthroughObservations)
        .values(
          items.map((item, index) => ({
            walkthrough_id: id,
            unit_no: item.unit_no,
            client_id: item.client_id,
            observed: item.observed,
            lock_serial: item.lock_serial?.toUpperCase() ?? null,
            serial_check: item.lock_serial ? checks.get(item.lock_serial.toUpperCase())! : null,
            note: item.note,
            photo_file: photo?.file_name ?? null,
            photo_thumbnail: photo?.thumbnail_name ?? null,
            photo_content_type: photo?.content_type ?? null,
            photo_bytes: photo?.byte_size ?? null,
            observed_at: times[index]!,
            received_at: now,
            observed_by_username: actor.username,
            observed_by_name: actor.full_name,
          })),
        )
        .onConflictDoNothing()
        .returning()
      const changed = new Map<string, UnitRow>()
      for (const observation of inserted) {
        const current = changed.get(observation.unit_no) ?? byNo.get(observation.unit_no)!
        const next = { ...current, observation_count: current.observation_count + 1 }
        if (isNewer(observation.observed_at, observation.id, current))
          Object.assign(next, {
            observation_id: observation.id,
            observed: observation.observed,
            observed_at: observation.observed_at,
            observed_by_username: observation.observed_by_username,
            observed_by_name: observation.observed_by_name,
            lock_serial: observation.lock_serial,
            serial_check: observation.serial_check,
            note: observation.note,
            photo_file: observation.photo_file,
            discrepancy: discrepancyOf(current.expected, observation.observed),
          })
        changed.set(observation.unit_no, next)
      }
      if (changed.size > 0) await updateUnits(tx, id, [...changed.values()])
      if (walkthrough.status === 'paused')
        await tx.update(walkthroughs).set({ status: 'in_progress', resumed_at: now }).where(eq(walkthroughs.id, id))
      if (walkthrough.status === 'finished') {
        const newlyFound = [...changed.values()].filter(
          (unit) => unit.discrepancy !== null && unit.discrepancy !== byNo.get(unit.unit_no)!.discrepancy,
        )
        await raiseTasks(tx, walkthrough, newlyFound, actor, files)
        if (!walkthrough.full_at) {
          const progress = walkthroughProgress(
            await tx
              .select({
                expected: walkthroughUnits.expected,
                observed: walkthroughUnits.observed,
                discrepancy: walkthroughUnits.discrepancy,
              })
              .from(walkthroughUnits)
              .where(eq(walkthroughUnits.walkthrough_id, id)),
          )
          if (isFullWalkthrough(progress))
            await tx.update(walkthroughs).set({ full_at: walkthrough.finished_at }).where(eq(walkthroughs.id, id))
        }
      }
      if (inserted.length > 0)
        await recordAudit(
          tx,
          session,
          'walkthrough.observe',
          'walkthrough',
          id,
          null,
          { observations: inserted.map((row) => ({ unit_no: row.unit_no, observed: row.observed })) },
          options.actedAt,
        )
      const after = await tx
        .select()
        .from(walkthroughUnits)
        .where(and(eq(walkthroughUnits.walkthrough_id, id), inArray(walkthroughUnits.unit_no, unitNos)))
        .orderBy(asc(walkthroughUnits.position))
      const [summary] = await summariesOf(tx, [await walkthroughRow(tx, id)], now)
      return { walkthrough: summary!, units: after.map(toUnit), recorded: inserted.length }
    })
    if (result.recorded === 0 && stored.length > 0) await removePhotos(files, stored)
    return result
  } catch (error) {
    await removePhotos(files, stored)
    throw error
  }
}

async function updateUnits(tx: Tx, walkthroughId: number, units: UnitRow[]) {
  const values = sql.join(
    units.map(
      (unit) =>
        sql`(${unit.unit_no}, ${unit.observation_id}::int, ${unit.observed}, ${unit.observed_at?.toISOString() ?? null}::timestamptz, ${unit.observed_by_username}, ${unit.observed_by_name}, ${unit.lock_serial}, ${unit.serial_check}, ${unit.note}, ${unit.photo_file}, ${unit.discrepancy}, ${unit.observation_count}::int)`,
    ),
    sql`, `,
  )
  await tx.execute(sql`
    update walkthrough_units u set observation_id = v.observation_id, observed = v.observed, observed_at = v.observed_at,
      observed_by_username = v.observed_by_username, observed_by_name = v.observed_by_name, lock_serial = v.lock_serial,
      serial_check = v.serial_check, note = v.note, photo_file = v.photo_file, discrepancy = v.discrepancy,
      observation_count = v.observation_count
    from (values ${values}) as v(unit_no, observation_id, observed, observed_at, observed_by_username, observed_by_name,
      lock_serial, serial_check, note, photo_file, discrepancy, observation_count)
    where u.walkthrough_id = ${walkthroughId} and u.unit_no = v.unit_no`)
}

type Transition = 'pause' | 'resume' | 'finish'

/**
 * Pause, resume (from any phone) or finish (discrepancies become unit tasks); a no-op when already in that state.
 * Errors: 404; 409 the walkthrough is finished.
 */
export async function changeWalkthrough(
  db: Db,
  files: FileStorage,
  id: number,
  transition: Transition,
  session: Session,
  actedAt: Date | null,
): Promise<Walkthrough> {
  const actor = taskActorOf(session, actedAt)
  await db.transaction(async (tx) => {
    const row = await walkthroughRow(tx, id, true)
    if (row.status === 'finished') throw finishedRefusal(row)
    const now = new Date()
    const active = durationOf(row, now)
    if (transition === 'pause' && row.status === 'in_progress')
      await tx
        .update(walkthroughs)
        .set({ status: 'paused', active_seconds: active, resumed_at: null })
        .where(eq(walkthroughs.id, id))
    if (transition === 'resume' && row.status === 'paused')
      await tx.update(walkthroughs).set({ status: 'in_progress', resumed_at: now }).where(eq(walkthroughs.id, id))
    if (transition === 'finish') {
      const units = await tx.select().from(walkthroughUnits).where(eq(walkthroughUnits.walkthrough_id, id))
      const full = isFullWalkthrough(walkthroughProgress(units))
      const [finished] = await tx
        .update(walkthroughs)
        .set({
          status: 'finished',
          finished_at: now,
          finished_by_username: actor.username,
          finished_by_name: actor.full_name,
          active_seconds: active,
          resumed_at: null,
          full_at: full ? now : null,
        })
        .where(eq(walkthroughs.id, id))
        .returning()
      await raiseTasks(tx, finished!, units, actor, files)
    }
    await recordAudit(
      tx,
      session,
      `walkthrough.${transition}`,
      'walkthrough',
      id,
      { status: row.status },
      null,
      actedAt,
    )
  })
  return getWalkthrough(db, id)
}
