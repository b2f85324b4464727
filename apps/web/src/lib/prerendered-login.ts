import { EARLY_DATA } from './early-data.ts'
import { FIELD_SIGN_IN, fieldSignInBody } from './field-sign-in.ts'

/** The field login prerendered into the pages' HTML (decision 010); the app's form takes over its values and focus. */

export const PRERENDERED_LOGIN_ATTRIBUTE = 'data-prerendered-login'
export const PRERENDERED_LOGIN_FILE = '.vite/field-login.html'
/** Set on <html> by the inline script when a live session is stored: the prerendered login then stays hidden. */
export const SIGNED_IN_ATTRIBUTE = EARLY_DATA.signedInAttribute
/** Set on the prerendered form when Login was pressed before the app ran with a blank field: the app says so. */
export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit'
export const PENDING_BUTTON_ATTRIBUTE = 'data-pending-login'

export const PRERENDERED_LOGIN_CSS = `html[${SIGNED_IN_ATTRIBUTE}] [${PRERENDERED_LOGIN_ATTRIBUTE}]{display:none}`

declare global {
  interface Window {
    storageopsHeldSignIn?: Promise<Response>
  }
}

/**
 * Runs inline in the head (serialised with `toString()`: no imports, no outside names). A Login before the app runs
 * sends the app's sign-in request once and keeps the answer for the app; with a blank field it is held (decision 010).
 */
export function holdPrerenderedSubmit(
  settings: typeof HOLD_SUBMIT_SETTINGS,
  bodyOf: (username: string, password: string) => unknown,
) {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || !form.closest(`[${settings.container}]`)) return
      event.preventDefault()
      if (window.storageopsHeldSignIn) return
      const value = (name: string) => {
        const input = form.elements.namedItem(name)
        return input instanceof HTMLInputElement ? input.value : ''
      }
      const username = value(settings.fields.username).trim()
      const password = value(settings.fields.password)
      if (!username || !password) return form.setAttribute(settings.held, '')
      form.removeAttribute(settings.held)
      const sent = fetch(settings.path, {
        method: 'POST',
        headers: settings.headers,
        body: JSON.stringify(bodyOf(username, password)),
      })
      // A failure is the app's to show when it takes the answer (lib/api.ts); until then nobody's error.
      sent.catch(() => {})
      window.storageopsHeldSignIn = sent
      const pending = form.closest(`[${settings.container}]`)?.querySelector(`template[${settings.pending}]`)
      const login = form.querySelector('button[type="submit"]')
      if (login && pending instanceof HTMLTemplateElement) login.replaceWith(pending.content.cloneNode(true))
    },
    true,
  )
}

export const HOLD_SUBMIT_SETTINGS = {
  container: PRERENDERED_LOGIN_ATTRIBUTE,
  held: HELD_SUBMIT_ATTRIBUTE,
  pending: PENDING_BUTTON_ATTRIBUTE,
  ...FIELD_SIGN_IN,
}

/** The inline script the build writes into the head; the server allows it by its hash. */
export const holdSubmitScript = () =>
  `(${holdPrerenderedSubmit.toString()})(${JSON.stringify(HOLD_SUBMIT_SETTINGS)},${fieldSignInBody.toString()})`

export interface PrerenderedLogin {
  values: Record<string, string>
  focus: { name: string; start: number | null; end: number | null } | null
  /** Login was pressed with a blank field: the app's form submits once, to say so. */
  submitted: boolean
  sent: Promise<Response> | null
}

let captured: HTMLFormElement | null = null

/** Whether this page shows the prerendered login (false: none, or hidden when signed in); call before rendering. */
export function capturePrerenderedLogin(): boolean {
  const form = document.querySelector(`[${PRERENDERED_LOGIN_ATTRIBUTE}] form`)
  if (!(form instanceof HTMLFormElement) || document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)) return false
  captured = form
  return true
}

/** The prerendered form's values, focus and held submit, read as the app's form replaces it (null when none). */
export function prerenderedLogin(): PrerenderedLogin | null {
  if (!captured?.isConnected) return null
  const values: Record<string, string> = {}
  for (const input of captured.querySelectorAll('input')) if (input.name) values[input.name] = input.value
  const focused = document.activeElement
  return {
    values,
    focus:
      focused instanceof HTMLInputElement && captured.contains(focused)
        ? { name: focused.name, start: focused.selectionStart, end: focused.selectionEnd }
        : null,
    submitted: captured.hasAttribute(HELD_SUBMIT_ATTRIBUTE),
    sent: window.storageopsHeldSignIn ?? null,
  }
}

export function releasePrerenderedLogin() {
  captured = null
  window.storageopsHeldSignIn = undefined
}

/** Applies the stylesheets the server sent for print where the login is prerendered (decision 010), in their place. */
export async function applyDeferredStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-media]')]
  await Promise.all(
    links.map(async (link) => {
      if (!link.sheet)
        await new Promise((settle) => {
          link.addEventListener('load', settle, { once: true })
          link.addEventListener('error', settle, { once: true })
        })
      link.media = link.dataset.media ?? 'all'
    }),
  )
}
