import { expect, test } from 'vitest'
import { appForHost, isSnapshotHost } from './hosts.ts'

test('the first label of the host picks the app', () => {
  expect(appForHost('snapshot.localhost:3000')).toBe('field')
  expect(appForHost('staging-snapshot.example.com')).toBe('field')
  expect(appForHost('SNAPSHOT.example.com')).toBe('field')
  expect(appForHost('admin.localhost:3000')).toBe('admin')
  expect(appForHost('staging-admin.example.com')).toBe('admin')
  expect(appForHost('www.example.com')).toBe('admin')
  expect(appForHost('localhost:3000')).toBe('admin')
  expect(appForHost(undefined)).toBe('admin')
  expect(appForHost('snapshot:3000')).toBe('field')
  expect(appForHost('staging-snapshot')).toBe('field')
  expect(appForHost('')).toBe('admin')
})

test('View Tasks shows only on snapshot and staging-snapshot hosts', () => {
  expect(isSnapshotHost('snapshot.localhost')).toBe(true)
  expect(isSnapshotHost('staging-snapshot.localhost')).toBe(true)
  expect(isSnapshotHost('snapshot-dev.localhost')).toBe(false)
  expect(isSnapshotHost('admin.localhost')).toBe(false)
})
