/** A file part of a multipart request; `type` defaults to application/octet-stream. */
export interface FormFile {
  field: string
  name: string
  data: Buffer | string
  type?: string
}

/** inject() headers and payload of a multipart/form-data body, encoded as a browser's FormData is. */
export async function multipartForm(fields: Record<string, string | number>, files: FormFile[] = []) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
  for (const file of files) {
    const blob = new Blob([new Uint8Array(Buffer.from(file.data))], { type: file.type ?? 'application/octet-stream' })
    form.append(file.field, blob, file.name)
  }
  const encoded = new Request('http://local/', { method: 'POST', body: form })
  return {
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  }
}
