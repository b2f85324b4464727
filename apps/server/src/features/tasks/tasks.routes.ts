import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  AppointmentCancelResult,
  AppointmentIdParams,
  CreateTaskInput,
  DuplicateTaskError,
  SsmUnitRecords,
  SsmUnitsInput,
  Task,
  TaskActivitiesQuery,
  TaskActivity,
  TaskActivityInput,
  TaskActivityList,
  TaskIdParams,
  TaskList,
  TaskListQuery,
  TaskOverview,
  TaskSearchQuery,
  TaskSearchResult,
  TaskTypeList,
} from '@storageops/contracts/tasks'
import { TASK_PHOTO_MAX_COUNT } from '@storageops/contracts/task-rules'
import type { MultipartRule } from '../../lib/multipart.ts'
import { sendCachedRead } from '../../lib/read-cache.ts'
import { PHOTO_KINDS, notAPhotoMessage } from '../../integrations/files/photos.ts'
import { listSsmUnitRecords } from './ssm-units.service.ts'
import { cancelTaskAppointment } from './appointments.service.ts'
import {
  getTask,
  getTasksOverviewAt,
  listTaskActivities,
  listTaskTypes,
  listTasks,
  searchTasks,
} from './task-queries.service.ts'
import { createTask, recordTaskActivity, taskActorOf } from './task-writes.service.ts'
import { fieldBaseUrlOf } from '../notifications/notifications.service.ts'

const FIELD_TOOL = { pages: ['/snapshot'] } as const

/** A multipart create: CreateTaskInput's fields plus photos under `images` (spec §7; issue 4). */
const taskUpload = (maxBytes: number): MultipartRule => ({
  fields: Object.keys(CreateTaskInput.shape),
  files: [{ name: 'images', kinds: PHOTO_KINDS }],
  maxFiles: TASK_PHOTO_MAX_COUNT,
  maxFileBytes: maxBytes,
  messages: {
    fileTooLarge: `Each photo may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`,
    tooManyFiles: `At most ${TASK_PHOTO_MAX_COUNT} photos go with one task.`,
    unsupported: notAPhotoMessage,
  },
})

export function registerTaskRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/api/tasks',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['tasks'],
        summary: 'One page of open or closed tasks, newest first, by facility and category (spec §7)',
        querystring: TaskListQuery,
        response: { 200: TaskList, 404: ErrorBody },
      },
    },
    // From memory while exact (read-cache.ts): tasks, task types and task photos move the facility_figures counter.
    async (request, reply) => {
      const filter = { ...request.query, closed: request.query.closed === 'true' }
      const key = `tasks:${filter.closed}:${filter.location_code ?? ''}:${filter.type ?? ''}:${filter.page}:${filter.page_size}`
      return sendCachedRead(
        app,
        request,
        reply,
        key,
        TaskList,
        async () => ({ body: await listTasks(app.db, filter), validUntil: Number.POSITIVE_INFINITY }),
        { cacheControl: 'no-store' },
      )
    },
  )

  api.get(
    '/api/tasks/task_types',
    {
      config: { access: FIELD_TOOL },
      schema: { tags: ['tasks'], summary: 'Task types of both categories (spec §7)', response: { 200: TaskTypeList } },
    },
    async () => listTaskTypes(app.db),
  )

  api.get(
    '/api/tasks/overview',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['tasks'],
        summary: 'Open tasks per facility: counts, oldest task and inactivity in days, roles (spec §3, §7)',
        response: { 200: TaskOverview },
      },
    },
    async (request, reply) =>
      sendCachedRead(app, request, reply, 'tasks-overview', TaskOverview, (now) => getTasksOverviewAt(app.db, now)),
  )

  api.get(
    '/api/tasks/search',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['tasks'],
        summary:
          'Site codes with an open task matching a unit number or task type (spec §2, §7), with how many of their open tasks match',
        querystring: TaskSearchQuery,
        response: { 200: TaskSearchResult },
      },
    },
    async (request) => searchTasks(app.db, request.query.query),
  )

  api.get(
    '/api/tasks/:id',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['tasks'],
        summary: 'One task with photos and activity history, newest first (spec §7)',
        params: TaskIdParams,
        response: { 200: Task, 404: ErrorBody },
      },
    },
    async (request) => getTask(app.db, request.params.id),
  )

  api.post(
    '/api/tasks',
    {
      config: { access: FIELD_TOOL, multipart: taskUpload(app.env.TASK_PHOTO_MAX_BYTES) },
      schema: {
        tags: ['tasks'],
        summary:
          'Create a task (JSON, or multipart/form-data with the same fields plus `images` photos); 409 with duplicate_open_task_id (spec §4, §7)',
        body: CreateTaskInput,
        response: {
          201: Task,
          400: ErrorBody,
          404: ErrorBody,
          409: DuplicateTaskError,
          413: ErrorBody,
          415: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const task = await createTask(app.db, request.body, taskActorOf(request.session!, request.actedAt), {
        photos: request.uploads,
        files: app.files,
        ssm: app.ssm,
        fieldBaseUrl: fieldBaseUrlOf(app.env),
      })
      return reply.code(201).send(task)
    },
  )

  api.get(
    '/api/task_activities',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['tasks'],
        summary: "A facility's activity log, newest first, 10 per page (spec §2, §7)",
        querystring: TaskActivitiesQuery,
        response: { 200: TaskActivityList, 404: ErrorBody },
      },
    },
    async (request) => listTaskActivities(app.db, request.query),
  )

  api.post(
    '/api/task_activities',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['tasks'],
        summary:
          'Close (with a note), note, assign or reopen a task; 409 with duplicate_open_task_id on a reopen (spec §4, §5, §7); assigning the role it already has records nothing and answers 200 with the entry that gave it',
        body: TaskActivityInput,
        response: {
          200: TaskActivity,
          201: TaskActivity,
          400: ErrorBody,
          404: ErrorBody,
          409: DuplicateTaskError.partial({ duplicate_open_task_id: true }),
        },
      },
    },
    async (request, reply) => {
      const { activity, recorded } = await recordTaskActivity(
        app.db,
        request.body,
        taskActorOf(request.session!, request.actedAt),
        { fieldBaseUrl: fieldBaseUrlOf(app.env) },
      )
      return reply.code(recorded ? 201 : 200).send(activity)
    },
  )

  api.put(
    '/api/appointments/:id/cancel',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['tasks'],
        summary:
          'Cancel the appointment of an open task in the storage-management system; 502 carries its message (spec §7, §8)',
        params: AppointmentIdParams,
        response: { 200: AppointmentCancelResult, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) =>
      cancelTaskAppointment(app.db, app.ssm, request.params.id, taskActorOf(request.session!, request.actedAt)),
  )

  api.post(
    '/api/ssm/GetAllUnits',
    {
      config: { access: { pages: ['/snapshot', '/locations'] } },
      schema: {
        tags: ['tasks'],
        summary: 'Unit records of a facility from the storage-management system, UNITEXTERNALID first (spec §7)',
        body: SsmUnitsInput,
        response: { 200: SsmUnitRecords, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => listSsmUnitRecords(app.db, app.ssm, request.body.location_code),
  )
}
