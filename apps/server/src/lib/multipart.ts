import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart'
import { fileTypeFromBuffer } from 'file-type'
import { HttpError, badRequest, tooManyRequests } from './http-error.ts'

/**
 * The one multipart reader (issue 12), per route's `config.multipart`: fields to `request.body`, files to temporary
 * files (`request.uploads`). Errors: 400 unknown field or malformed, 415 wrong content, 413 limits, 429 too many.
 */

/** What a file's first bytes show; 'any' takes every file (the route checks the content itself). */
export type FileKind = 'jpeg' | 'png' | 'heic' | 'webp' | 'text' | 'any'

const KIND_OF_MIME: Record<string, FileKind> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
}

export interface FileFieldRule {
  name: string | RegExp
  kinds: readonly FileKind[]
  maxCount?: number
  /** Throws (an HttpError) to refuse a file before its bytes are read. */
  accept?: (field: string, request: FastifyRequest) => Promise<void> | void
}

export interface MultipartRule {
  fields: readonly string[]
  files: readonly FileFieldRule[]
  maxFiles: number
  maxFileBytes: number
  /** Cap of the whole body in bytes; default maxFiles × maxFileBytes plus 1 MiB for fields and headers. */
  maxTotalBytes?: number
  /** The field a 413 names; default the file's own field. */
  limitField?: string
  /** Refuse a request that is not multipart (415) instead of passing it on as JSON. */
  required?: boolean
  messages: {
    fileTooLarge: string
    tooManyFiles: string
    unsupported: (filename: string, field: string, request: FastifyRequest) => string
    notMultipart?: string
  }
}

export interface ReceivedFile {
  field: string
  filename: string
  path: string
  bytes: number
  kind: FileKind
  mime: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: MultipartRule
  }
  interface FastifyRequest {
    uploads: ReceivedFile[]
  }
}

const SNIFF_BYTES = 4100
const MALFORMED = 'The multipart body is malformed.'
const UPLOAD_DIR = path.join(os.tmpdir(), 'storageops-uploads')
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)
const tooLarge = (message: string, field?: string) => new HttpError(413, 'payload_too_large', message, field)

/** The kind the first bytes show: a recognised image, or text (no binary signature and no NUL byte). */
async function sniff(head: Buffer): Promise<{ kind: FileKind; mime: string } | null> {
  const type = await fileTypeFromBuffer(head)
  if (type) {
    const kind = KIND_OF_MIME[type.mime]
    return kind ? { kind, mime: kind === 'heic' ? 'image/heic' : type.mime } : null
  }
  return head.includes(0) ? null : { kind: 'text', mime: 'text/plain' }
}

function readHead(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let length = 0
    const finish = (error?: Error) => {
      stream.off('data', onData)
      stream.off('end', onEnd)
      stream.off('error', finish)
      stream.off('close', onClose)
      stream.pause()
      if (error) reject(error)
      else resolve(Buffer.concat(chunks))
    }
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      length += chunk.length
      if (length >= SNIFF_BYTES) finish()
    }
    const onEnd = () => finish()
    // A malformed body ends the part by destroying its stream, sometimes before any event reaches us.
    const onClose = () => finish(stream.readableEnded ? undefined : new Error(MALFORMED))
    if (stream.destroyed && !stream.readableEnded) return reject(new Error(MALFORMED))
    stream.on('data', onData)
    stream.once('end', onEnd)
    stream.once('error', finish)
    stream.once('close', onClose)
  })
}

function keyOf(request: FastifyRequest): string {
  const session = request.session
  if (session?.kind === 'admin') return `admin:${session.user.id}`
  if (session?.kind === 'field') return `field:${session.user.username}`
  return `ip:${request.ip}`
}

async function readBody(request: FastifyRequest, rule: MultipartRule): Promise<Record<string, string>> {
  const maxTotal = rule.maxTotalBytes ?? rule.maxFiles * rule.maxFileBytes + 1024 * 1024
  const totalMessage = `The upload may be at most ${megabytes(maxTotal)} MB in all.`
  if (Number(request.headers['content-length'] ?? 0) > maxTotal) throw tooLarge(totalMessage)
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  const perField = new Map<string, number>()
  let total = 0
  await fsp.mkdir(UPLOAD_DIR, { recursive: true })
  const parts = request.parts({
    limits: {
      fileSize: rule.maxFileBytes + 1,
      files: rule.maxFiles,
      fields: rule.fields.length + 5,
      fieldSize: 64 * 1024,
      parts: rule.fields.length + rule.maxFiles + 5,
      headerPairs: 20,
    },
  })
  try {
    for await (const part of parts as AsyncIterable<MultipartFile | MultipartValue<unknown>>) {
      if (part.type === 'field') {
        if (!rule.fields.includes(part.fieldname))
          throw badRequest(`Unexpected field ${part.fieldname}.`, part.fieldname.slice(0, 100))
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value)
        total += part.fieldname.length + value.length
        if (total > maxTotal) throw tooLarge(totalMessage)
        fields[part.fieldname] = value
        continue
      }
      const fileRule = rule.files.find((candidate) =>
        typeof candidate.name === 'string' ? candidate.name === part.fieldname : candidate.name.test(part.fieldname),
      )
      if (!fileRule) throw badRequest(`Unexpected file field ${part.fieldname}.`, part.fieldname.slice(0, 100))
      await fileRule.accept?.(part.fieldname, request)
      const count = (perField.get(part.fieldname) ?? 0) + 1
      if (count > (fileRule.maxCount ?? rule.maxFiles))
        throw tooLarge(rule.messages.tooManyFiles, rule.limitField ?? part.fieldname)
      perField.set(part.fieldname, count)
      const head = await readHead(part.file)
      const checkSize = (bytes: number) => {
        if (bytes > rule.maxFileBytes) throw tooLarge(rule.messages.fileTooLarge, rule.limitField ?? part.fieldname)
        if (total + bytes > maxTotal) throw tooLarge(totalMessage)
      }
      checkSize(head.length)
      const takesAny = fileRule.kinds.includes('any')
      // A form's empty file input arrives as a part without bytes: no file (unless the route checks content itself).
      if (head.length === 0 && !takesAny) continue
      const type = takesAny ? { kind: 'any' as const, mime: 'application/octet-stream' } : await sniff(head)
      if (!type || !fileRule.kinds.includes(type.kind))
        throw new HttpError(
          415,
          'unsupported_media_type',
          rule.messages.unsupported(part.filename, part.fieldname, request),
          part.fieldname,
        )
      const file: ReceivedFile = {
        field: part.fieldname,
        filename: part.filename,
        path: path.join(UPLOAD_DIR, randomUUID()),
        bytes: 0,
        kind: type.kind,
        mime: type.mime,
      }
      request.uploads.push(file)
      const out = fs.createWriteStream(file.path, { flags: 'wx' })
      out.write(head)
      let bytes = head.length
      await pipeline(
        part.file.readableEnded ? Readable.from([]) : part.file,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            bytes += chunk.length
            checkSize(bytes)
            yield chunk
          }
        },
        out,
      )
      if (part.file.truncated) throw tooLarge(rule.messages.fileTooLarge, rule.limitField ?? part.fieldname)
      file.bytes = bytes
      total += bytes
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(rule.messages.fileTooLarge)
    if (code === 'FST_FILES_LIMIT') throw tooLarge(rule.messages.tooManyFiles)
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('The multipart body has more parts than this form takes.')
    throw badRequest(MALFORMED)
  }
  return fields
}

async function removeUploads(files: readonly ReceivedFile[]) {
  await Promise.all(files.map((file) => fsp.rm(file.path, { force: true })))
}

export const readUpload = (file: ReceivedFile) => fsp.readFile(file.path)

/** Routes without `config.multipart` refuse multipart (415); temporary files go after the response. */
export async function registerMultipart(app: FastifyInstance, options: { uploadsPerUser: number }) {
  await app.register(multipart)
  app.decorateRequest('uploads', null as unknown as ReceivedFile[])
  const running = new Map<string, number>()
  const releaseOf = new WeakMap<FastifyRequest, () => void>()

  app.addHook('preValidation', async (request) => {
    request.uploads = []
    const rule = request.routeOptions.config?.multipart
    if (!request.isMultipart()) {
      if (rule?.required)
        throw new HttpError(415, 'unsupported_media_type', rule.messages.notMultipart ?? 'Send multipart/form-data.')
      return
    }
    if (!rule) throw new HttpError(415, 'unsupported_media_type', 'This endpoint does not take multipart/form-data.')
    const key = keyOf(request)
    const current = running.get(key) ?? 0
    if (current >= options.uploadsPerUser)
      throw tooManyRequests(`At most ${options.uploadsPerUser} uploads may run at once. Wait for one to finish.`, 5)
    running.set(key, current + 1)
    releaseOf.set(request, () => {
      const left = (running.get(key) ?? 1) - 1
      if (left > 0) running.set(key, left)
      else running.delete(key)
    })
    request.body = await readBody(request, rule)
  })
  app.addHook('onResponse', async (request) => {
    releaseOf.get(request)?.()
    if (request.uploads?.length) await removeUploads(request.uploads)
  })
}
