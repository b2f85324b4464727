import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { XMLParser } from 'fast-xml-parser'

/** S3's PutObject, GetObject and DeleteObjects, path-style, in memory; refuses unsigned requests and other buckets, like S3. */
export interface S3StandIn {
  url: string
  objects: Map<string, { data: Buffer; contentType: string }>
  /** Requests seen, as `METHOD /path`. */
  calls: string[]
  close(): Promise<void>
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`

export async function startS3StandIn(options: { bucket: string; accessKeyId: string }): Promise<S3StandIn> {
  const objects = new Map<string, { data: Buffer; contentType: string }>()
  const calls: string[] = []
  const parser = new XMLParser()
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      calls.push(`${request.method} ${url.pathname}`)
      const send = (status: number, body: string | Buffer, contentType = 'application/xml') => {
        response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
        response.end(body)
      }
      const authorization = request.headers.authorization ?? ''
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
        return send(403, errorXml('AccessDenied', 'Access Denied'))
      }
      const [, bucket, ...keyParts] = url.pathname.split('/')
      if (bucket !== options.bucket) return send(404, errorXml('NoSuchBucket', 'The specified bucket does not exist'))
      const key = decodeURIComponent(keyParts.join('/'))
      const body = Buffer.concat(chunks)
      if (request.method === 'PUT' && key) {
        objects.set(key, { data: body, contentType: request.headers['content-type'] ?? 'application/octet-stream' })
        response.writeHead(200, { etag: '"stand-in"' })
        return response.end()
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && key) {
        const object = objects.get(key)
        if (!object) return send(404, errorXml('NoSuchKey', 'The specified key does not exist.'))
        return send(200, request.method === 'HEAD' ? '' : object.data, object.contentType)
      }
      if (request.method === 'POST' && url.searchParams.has('delete')) {
        const parsed = parser.parse(body.toString('utf8')) as {
          Delete?: { Object?: { Key: string } | Array<{ Key: string }> }
        }
        const listed = parsed.Delete?.Object
        for (const object of Array.isArray(listed) ? listed : listed ? [listed] : []) objects.delete(String(object.Key))
        return send(200, '<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>')
      }
      return send(405, errorXml('MethodNotAllowed', 'The specified method is not allowed against this resource.'))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
