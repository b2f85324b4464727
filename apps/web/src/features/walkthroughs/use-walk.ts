import { useMemo, useState } from 'react'
import { countOf } from '@storageops/contracts/counts'
import {
  OBSERVATION_LABELS,
  nextToCheck,
  walkthroughProgress,
  type Observation,
} from '@storageops/contracts/walkthrough-rules'
import type { Walkthrough } from '@storageops/contracts/walkthroughs'
import { errorMessage } from '../../lib/error-message.ts'
import { showToast } from '../../lib/toast.ts'
import { useWriteQueue } from '../../lib/write-queue.ts'
import { useRecordObservation } from './api/record-observation.ts'
import { DOOR_COLORS } from './components/door-colors.ts'
import type { DoorExtras } from './components/walk-panel.tsx'
import { doorStateOf, queuedDoors, withPendingDoors, type PendingDoor } from './walkthrough-view.ts'

/** The walk on this phone (issue 31): units with local doors laid over; `record` shows at once and sends in the background. */
export function useWalk(walkthrough: Walkthrough, walker: { username: string; full_name: string }) {
  const { writes } = useWriteQueue()
  const [sending, setSending] = useState<PendingDoor[]>([])
  const [currentNo, setCurrentNo] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const recordDoor = useRecordObservation()

  const queued = useMemo(() => queuedDoors(writes, walkthrough.id), [writes, walkthrough.id])
  const units = useMemo(
    () => withPendingDoors(walkthrough.units, [...queued, ...sending], walker.username, walker.full_name),
    [walkthrough.units, queued, sending, walker.username, walker.full_name],
  )
  const indexOf = useMemo(
    () => new Map(walkthrough.units.map((unit, index) => [unit.unit_no, index])),
    [walkthrough.units],
  )
  const currentIndex = currentNo !== null ? (indexOf.get(currentNo) ?? -1) : nextToCheck(units, -1)
  const current = currentIndex >= 0 ? units[currentIndex]! : null
  const progress = useMemo(() => walkthroughProgress(units), [units])
  const colors = useMemo(() => new Map(units.map((unit) => [unit.unit_no, DOOR_COLORS[doorStateOf(unit)]])), [units])
  const skipped = useMemo(
    () => new Set(walkthrough.units.filter((unit) => unit.expected === 'skip').map((unit) => unit.unit_no)),
    [walkthrough.units],
  )

  const record = (observed: Observation, extras: DoorExtras) => {
    if (!current) return
    const door: PendingDoor = {
      client_id: crypto.randomUUID(),
      unit_no: current.unit_no,
      observed,
      observed_at: new Date().toISOString(),
      lock_serial: extras.lock_serial,
      note: extras.note,
    }
    const after = [...units]
    after[currentIndex] = { ...current, observed }
    const next = nextToCheck(after, currentIndex)
    setSending((list) => [...list, door])
    setCurrentNo(next >= 0 ? units[next]!.unit_no : current.unit_no)
    setAnnouncement(
      `Unit ${current.unit_no}: ${OBSERVATION_LABELS[observed]}. ${next >= 0 ? `Next: unit ${units[next]!.unit_no}.` : 'Every unit is checked.'}`,
    )
    recordDoor.mutate(
      { walkthrough, record: { ...door, lock_serial: extras.lock_serial, note: extras.note, photo: extras.photo } },
      {
        onError: (error) =>
          showToast(`Unit ${door.unit_no} was not recorded. ${errorMessage(error, error.message)}`, 'error'),
        onSettled: () => setSending((list) => list.filter((entry) => entry.client_id !== door.client_id)),
      },
    )
  }

  return {
    units,
    current,
    progress,
    colors,
    skipped,
    announcement,
    waiting: queued.length,
    waitingText: queued.length > 0 ? `${countOf(queued.length, 'door')} waiting to sync` : '',
    select: (unitNo: string) => setCurrentNo(indexOf.has(unitNo) ? unitNo : currentNo),
    record,
  }
}
