import { EARLY_DATA } from './early-data.ts'

/**
 * The field login screen the build prerenders into the field pages' HTML (issue 17, decision 010): it shows while
 * the app's code is on its way, and the app takes it over — what was typed, the focus and a Login pressed early
 * carry over to the app's own form (components/ui/sign-in-form.tsx).
 */

/** Marks the prerendered screen's container; the build writes it to this file of the web build. */
export const PRERENDERED_LOGIN_ATTRIBUTE = 'data-prerendered-login'
export const PRERENDERED_LOGIN_FILE = '.vite/field-login.html'
/** Set on <html> by the inline script when a live session is stored: the prerendered login then stays hidden. */
export const SIGNED_IN_ATTRIBUTE = EARLY_DATA.signedInAttribute
/** Set on the prerendered form when Login was pressed before the app ran. */
export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit'

/** The prerendered screen's own rule: hidden for a signed-in user (the app goes on to the page asked for). */
export const PRERENDERED_LOGIN_CSS = `html[${SIGNED_IN_ATTRIBUTE}] [${PRERENDERED_LOGIN_ATTRIBUTE}]{display:none}`

/**
 * Runs inline in the HTML's head (serialised with `toString()`: no imports, no outside names): a submit of the
 * prerendered form (Login or Enter before the app's code runs) is held, not sent as a native form post.
 */
export function holdPrerenderedSubmit(attributes: { container: string; held: string }) {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || !form.closest(`[${attributes.container}]`)) return
      event.preventDefault()
      form.setAttribute(attributes.held, '')
    },
    true,
  )
}

export const HOLD_SUBMIT_SETTINGS = { container: PRERENDERED_LOGIN_ATTRIBUTE, held: HELD_SUBMIT_ATTRIBUTE }

/** What the app's form takes from the prerendered one. */
export interface PrerenderedLogin {
  values: Record<string, string>
  /** The field that had the focus, with its selection. */
  focus: { name: string; start: number | null; end: number | null } | null
  submitted: boolean
}

let captured: HTMLFormElement | null = null

/**
 * Whether this page shows the prerendered login (none, or hidden for a signed-in user: false); the app's form takes
 * it over (`prerenderedLogin`). Call before the app renders.
 */
export function capturePrerenderedLogin(): boolean {
  const form = document.querySelector(`[${PRERENDERED_LOGIN_ATTRIBUTE}] form`)
  if (!(form instanceof HTMLFormElement) || document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)) return false
  captured = form
  return true
}

/**
 * The prerendered form's values, focus and held submit while it is still in the page (null when none): read when the
 * app's form renders, which replaces it in the same task, so nothing typed in between is lost.
 */
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
  }
}

/** The app's form has taken the prerendered one over: a later login form starts empty. */
export function releasePrerenderedLogin() {
  captured = null
}

/**
 * The page's stylesheets applied: where the login is prerendered the server sends them for print (`data-media`
 * says for what), so they do not hold its first paint; the app applies them, in their place, before it renders.
 */
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
