import { expect, test } from 'vitest'
import type { WalkthroughUnit } from '@storageops/contracts/walkthroughs'
import type { QueuedWrite } from '../../lib/write-queue.ts'
import { doorStateOf, queuedDoors, withPendingDoors, type PendingDoor } from './walkthrough-view.ts'

const unit = (unit_no: string, extra: Partial<WalkthroughUnit> = {}): WalkthroughUnit => ({
  unit_no,
  floor_no: 1,
  position: 0,
  ssm_status: 'Vacant',
  days_past_due: null,
  expected: 'company_lock',
  observed: null,
  observed_at: null,
  observed_by: null,
  lock_serial: null,
  serial_check: null,
  note: null,
  photo_url: null,
  discrepancy: null,
  task_id: null,
  observation_count: 0,
  ...extra,
})
const door = (unit_no: string, observed: PendingDoor['observed'], observed_at: string): PendingDoor => ({
  client_id: `c-${unit_no}-${observed_at}`,
  unit_no,
  observed,
  observed_at,
})

test('a door recorded on the phone shows at once with its discrepancy; units it does not touch stay the same objects', () => {
  const units = [unit('A1'), unit('A2')]
  const shown = withPendingDoors(units, [door('A1', 'tenant_lock', '2026-05-01T10:00:00.000Z')], 'csagent', 'Casey')
  expect(shown[0]).toMatchObject({
    observed: 'tenant_lock',
    discrepancy: 'tenant_lock_on_vacant',
    observed_by: { username: 'csagent', full_name: 'Casey' },
    pending: true,
  })
  expect(shown[1]).toBe(units[1])
})

test('the latest made wins: a newer server observation outranks an older pending door, the newest pending door wins', () => {
  const server = unit('A1', { observed: 'company_lock', observed_at: '2026-05-01T10:05:00.000Z' })
  expect(withPendingDoors([server], [door('A1', 'no_lock', '2026-05-01T10:00:00.000Z')], 'u', 'U')[0]).toBe(server)
  const shown = withPendingDoors(
    [server],
    [door('A1', 'overlock', '2026-05-01T10:07:00.000Z'), door('A1', 'no_lock', '2026-05-01T10:06:00.000Z')],
    'u',
    'U',
  )
  expect(shown[0]).toMatchObject({ observed: 'overlock', discrepancy: 'remove_overlock' })
})

test("the queue's doors of a walkthrough: lists and single photo writes, waiting only", () => {
  const base = { owner: 'u', key: 'k', made_at: '', label: '', site_code: 'X' }
  const writes = [
    {
      ...base,
      path: '/api/walkthroughs/7/observations',
      state: 'waiting',
      body: { observations: [door('A1', 'other', '1'), door('A2', 'other', '2')] },
      batch: { field: 'observations', max: 500, noun: 'door' },
    },
    {
      ...base,
      path: '/api/walkthroughs/7/observations/photo',
      state: 'waiting',
      body: door('A3', 'damaged_door', '3'),
      files: [],
    },
    {
      ...base,
      path: '/api/walkthroughs/7/observations',
      state: 'synced',
      body: { observations: [door('A4', 'other', '4')] },
      batch: { field: 'observations', max: 500, noun: 'door' },
    },
    {
      ...base,
      path: '/api/walkthroughs/8/observations',
      state: 'waiting',
      body: { observations: [door('B1', 'other', '5')] },
      batch: { field: 'observations', max: 500, noun: 'door' },
    },
  ] as unknown as QueuedWrite[]
  expect(queuedDoors(writes, 7).map((entry) => entry.unit_no)).toEqual(['A1', 'A2', 'A3'])
})

test('a unit reads to check, agrees, discrepancy, note or skipped', () => {
  expect(doorStateOf(unit('A1'))).toBe('to_check')
  expect(doorStateOf(unit('A1', { observed: 'company_lock' }))).toBe('agrees')
  expect(doorStateOf(unit('A1', { observed: 'no_lock', discrepancy: 'not_secured' }))).toBe('discrepancy')
  expect(doorStateOf(unit('A1', { observed: 'other' }))).toBe('note')
  expect(doorStateOf(unit('A1', { expected: 'skip' }))).toBe('skipped')
})
