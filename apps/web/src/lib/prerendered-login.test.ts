import vm from 'node:vm'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { signInField } from '../features/identity/api/sign-in-field.ts'
import { HELD_SUBMIT_ATTRIBUTE, holdSubmitScript, PRERENDERED_LOGIN_ATTRIBUTE } from './prerendered-login.ts'

interface Sent {
  path: string
  method?: string
  headers?: unknown
  body?: unknown
}

class FakeInput {
  constructor(public value: string) {}
}
class FakeTemplate {
  content = { cloneNode: () => 'pending Login' }
}
/** The prerendered form as the inline script sees it: its fields by name, its Login, its container. */
class FakeForm {
  attributes = new Set<string>()
  replacedWith: unknown = null
  constructor(
    private fields: Record<string, string>,
    private inContainer = true,
  ) {}
  elements = { namedItem: (name: string) => (name in this.fields ? new FakeInput(this.fields[name]!) : null) }
  closest = (selector: string) =>
    this.inContainer && selector === `[${PRERENDERED_LOGIN_ATTRIBUTE}]`
      ? { querySelector: () => new FakeTemplate() }
      : null
  querySelector = () => ({ replaceWith: (node: unknown) => (this.replacedWith = node) })
  setAttribute = (name: string) => this.attributes.add(name)
  removeAttribute = (name: string) => this.attributes.delete(name)
}

let sent: Sent[]
let onSubmit: (event: { target: unknown; preventDefault(): void }) => void
const fakeWindow: { storageopsHeldSignIn?: Promise<Response>; location: { host: string } } = {
  location: { host: 'snapshot.localhost' },
}

beforeEach(() => {
  sent = []
  delete fakeWindow.storageopsHeldSignIn
  vi.stubGlobal('window', fakeWindow)
  vi.stubGlobal('HTMLFormElement', FakeForm)
  vi.stubGlobal('HTMLInputElement', FakeInput)
  vi.stubGlobal('HTMLTemplateElement', FakeTemplate)
  vi.stubGlobal('localStorage', { getItem: () => null })
  vi.stubGlobal('navigator', { onLine: true })
  vi.stubGlobal('document', { addEventListener: (_type: string, listener: typeof onSubmit) => (onSubmit = listener) })
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    sent.push({ path, method: init.method, headers: init.headers, body: JSON.parse(init.body as string) })
    return Response.json({ ErrorMessage: ['Invalid username or password.'] }, { status: 401 })
  })
  // The script exactly as the build writes it into the HTML, in a context of its own: it must stand alone.
  vm.runInNewContext(holdSubmitScript(), {
    window: fakeWindow,
    document: globalThis.document,
    fetch: (...args: Parameters<typeof fetch>) => globalThis.fetch(...args),
    HTMLFormElement: FakeForm,
    HTMLInputElement: FakeInput,
    HTMLTemplateElement: FakeTemplate,
  })
})
afterEach(() => vi.unstubAllGlobals())

/** A submit of `form`: whether its native post was stopped. */
function submit(form: FakeForm) {
  let stopped = false
  onSubmit({ target: form, preventDefault: () => (stopped = true) })
  return stopped
}

test('a Login pressed on the prerendered form sends the request the app sends, once, and turns pending', async () => {
  const form = new FakeForm({ username: '  csagent ', password: 'snapshot-demo' })
  expect(submit(form)).toBe(true)
  expect(form.replacedWith).toBe('pending Login')
  expect(form.attributes.has(HELD_SUBMIT_ATTRIBUTE)).toBe(false)
  // Pressed again before the app runs: still no native post, nothing more sent.
  expect(submit(form)).toBe(true)
  expect(sent).toHaveLength(1)
  const held = fakeWindow.storageopsHeldSignIn!
  expect((await held).status).toBe(401)

  // The app's own sign-in of the same account is the same request, and adopting the held answer sends nothing.
  await expect(signInField({ username: 'csagent', password: 'snapshot-demo' })).rejects.toThrow()
  expect(sent).toHaveLength(2)
  expect(sent[1]).toEqual(sent[0])
  await expect(signInField({ username: 'csagent', password: 'snapshot-demo', sent: held })).rejects.toThrow(
    'Request failed (401)',
  )
  expect(sent).toHaveLength(2)
})

test('a blank field is held for the app to say so, and nothing is sent', () => {
  for (const fields of [
    { username: ' ', password: 'snapshot-demo' },
    { username: 'csagent', password: '' },
  ]) {
    const form = new FakeForm(fields)
    expect(submit(form)).toBe(true)
    expect(form.attributes.has(HELD_SUBMIT_ATTRIBUTE)).toBe(true)
    expect(form.replacedWith).toBeNull()
  }
  expect(sent).toEqual([])
  expect(fakeWindow.storageopsHeldSignIn).toBeUndefined()
})

test('a form outside the prerendered login is left alone', () => {
  expect(submit(new FakeForm({ username: 'csagent', password: 'snapshot-demo' }, false))).toBe(false)
  expect(sent).toEqual([])
})

test('a sign-in that cannot reach the server fails as the app says so when it adopts it', async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
  submit(new FakeForm({ username: 'csagent', password: 'snapshot-demo' }))
  await expect(
    signInField({ username: 'csagent', password: 'snapshot-demo', sent: fakeWindow.storageopsHeldSignIn }),
  ).rejects.toThrow('Cannot reach the server. Check your connection and try again.')
})
