import { expect, test, type Page } from '@playwright/test'
import { ADMIN_URL, expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

/** Holds the app's code until `release()`: the page shows only what its HTML carries (issue 17, decision 010). */
async function holdScripts(page: Page) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

const prerendered = (page: Page) => page.locator('[data-prerendered-login]')
const takenOver = (page: Page) => expect(prerendered(page)).toHaveCount(0)

/** What a user sees of the login screen: its text, and each form field with its label, type and place. */
const screenOf = (page: Page) =>
  page.evaluate(() => ({
    text: document.body.innerText,
    fields: [...document.querySelectorAll('main input, main button')].map((element) => {
      const field = element as HTMLInputElement
      const box = field.getBoundingClientRect()
      return {
        tag: field.tagName,
        name: field.name,
        type: field.type,
        label: field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? field.textContent,
        autocomplete: field.autocomplete,
        box: [box.x, box.y, box.width, box.height].map(Math.round),
      }
    }),
  }))

/**
 * Whether two screenshots show the same picture: every pixel within 2 levels per channel (Chromium without a GPU
 * sometimes blends a rounded corner's edge one level apart between two paints of the same page); a move, another
 * colour or a missing part is far beyond that. Compared in the page's own canvas.
 */
const samePicture = (page: Page, a: Buffer, b: Buffer) =>
  page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context = canvas.getContext('2d')!
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data
      }
      const [x, y] = await Promise.all([pixels(first!), pixels(second!)])
      return x.length === y.length && x.every((value, at) => Math.abs(value - y[at]!) <= 2)
    },
    [a.toString('base64'), b.toString('base64')],
  )

/** Waits until the page's fonts and images are drawn: on a loaded machine the prerendered logo may not be yet. */
const drawn = (page: Page) =>
  page.waitForFunction(async () => {
    await document.fonts.ready
    return [...document.images].every((image) => image.complete && image.naturalWidth > 0)
  })

/**
 * At 390×844 and 1280×900: /login with the app's code held, `onPrerendered` done on the prerendered screen; once the
 * app has taken it over (`onTakenOver` done), the same text, fields and places, and the same picture (polled: a loaded
 * machine may take a frame to draw the logo of the new <img>).
 */
async function expectSameAfterTakeover(
  page: Page,
  onPrerendered: (width: number) => Promise<void>,
  onTakenOver: () => Promise<void>,
) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    const release = await holdScripts(page)
    await page.goto(`${FIELD_URL}/login`, { waitUntil: 'commit' })
    await expect(prerendered(page)).toBeVisible()
    await onPrerendered(viewport.width)
    const before = await screenOf(page)
    await drawn(page)
    const shot = () => page.screenshot({ animations: 'disabled', caret: 'hide' })
    const shotBefore = await shot()
    if (viewport.width === 390) await expectAccessible(page)
    release()
    await takenOver(page)
    await onTakenOver()
    expect(await screenOf(page)).toEqual(before)
    expect(before.fields.map((field) => field.label)).toEqual(['Username', 'Password', 'Show characters', 'Login'])
    await expect.poll(async () => samePicture(page, await shot(), shotBefore), { timeout: 10_000 }).toBe(true)
    await page.unroute('**/assets/*.js')
  }
}

test('the login in the HTML is the app’s own screen: the same text, fields and pixels once the app takes it over', async ({
  page,
}) => {
  const login = page.getByRole('button', { name: 'Login' })
  // Nothing moves or changes colour when the app replaces the prerendered screen.
  await expectSameAfterTakeover(
    page,
    () => expect(login).toBeVisible(),
    () => expect(login).toBeVisible(),
  )
  await screenshotBoth(page, 'field-login-taken-over')
})

/** Counts the field sign-ins the page sends; `answered()` waits for the next answer. */
function countSignIns(page: Page) {
  const sent: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/ssm') sent.push(request.method())
  })
  const answered = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ssm')
  return { sent, answered }
}

/** Looks like the app's pending Login: Mantine's loading button (its loader shown, the button disabled). */
async function expectPendingLogin(page: Page) {
  const login = page.locator('main button[type="submit"]')
  await expect(login).toHaveAttribute('data-loading', 'true')
  await expect(login).toBeDisabled()
  await expect(login.locator('.mantine-Button-loader .mantine-Loader-root')).toBeVisible()
  await expect(login).toHaveText('Login')
}

async function fillEarly(page: Page, password: string) {
  await page.getByLabel('Username').fill('csagent')
  await page.getByLabel('Password').fill(password)
}

test('a Login pressed before the app runs is sent at once by the page, once, and the app signs in with its answer', async ({
  page,
}) => {
  const signIns = countSignIns(page)
  const release = await holdScripts(page)
  await page.goto(`${FIELD_URL}/login?next=%2Fsnapshot%2Ftasks-overview`, { waitUntil: 'commit' })
  await fillEarly(page, 'snapshot-demo')
  const answered = signIns.answered()
  await page.getByRole('button', { name: 'Login' }).click()
  // Sent and answered while none of the app's script has run; not a native form post (no password in an address).
  expect((await answered).status()).toBe(200)
  await expect(prerendered(page)).toBeVisible()
  await expect(page).toHaveURL(`${FIELD_URL}/login?next=%2Fsnapshot%2Ftasks-overview`)
  await expectPendingLogin(page)
  // Pressed again (Enter, a second submit): nothing more is sent.
  await page.getByLabel('Password').press('Enter')
  await page.locator('main form').evaluate((form: HTMLFormElement) => form.requestSubmit())
  expect(signIns.sent).toEqual(['POST'])
  release()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/tasks-overview`)
  await expect(page.getByRole('heading', { level: 1, name: 'Task Overview' })).toBeVisible()
  expect(signIns.sent).toEqual(['POST'])
})

test('the pending Login looks the same before and after the app takes over', async ({ page }) => {
  let answer!: () => void
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/api/ssm', async (route) => {
    await held
    // The first size's sign-in went with its page when the second size loaded the login again.
    await route.continue().catch(() => {})
  })
  const login = page.locator('main button[type="submit"]')
  await expectSameAfterTakeover(
    page,
    async (width) => {
      await fillEarly(page, 'snapshot-demo')
      await login.click()
      await expectPendingLogin(page)
      if (width === 390) await screenshotBoth(page, 'field-login-pending', { fullPage: false })
    },
    () => expectPendingLogin(page),
  )
  answer()
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Search' })).toBeVisible()
})

test('a wrong password pressed before the app runs shows the spec’s message once the app runs; Login again sends again', async ({
  page,
}) => {
  const signIns = countSignIns(page)
  const release = await holdScripts(page)
  await page.goto(`${FIELD_URL}/login`, { waitUntil: 'commit' })
  await fillEarly(page, 'not-the-password')
  const answered = signIns.answered()
  await page.getByRole('button', { name: 'Login' }).click()
  expect((await answered).ok()).toBe(false)
  // Answered, not yet shown: still pending until the app shows the message.
  await expectPendingLogin(page)
  release()
  await takenOver(page)
  await expect(page.getByRole('alert')).toContainText('Invalid username or password.')
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled()
  expect(signIns.sent).toEqual(['POST'])
  await expectAccessible(page)
  await screenshotBoth(page, 'field-login-early-error', { fullPage: false })
  await page.getByLabel('Password').fill('snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Search' })).toBeVisible()
  expect(signIns.sent).toEqual(['POST', 'POST'])
})

test('a Login pressed before the app runs with a blank field sends nothing; the app says what is missing', async ({
  page,
}) => {
  const signIns = countSignIns(page)
  const release = await holdScripts(page)
  await page.goto(`${FIELD_URL}/login`, { waitUntil: 'commit' })
  await page.getByLabel('Username').fill('csagent')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Login' })).not.toHaveAttribute('data-loading')
  release()
  await takenOver(page)
  await expect(page.getByRole('alert')).toContainText('Please enter a valid username and password')
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
  expect(signIns.sent).toEqual([])
})

test('a Login pressed before the app runs that cannot reach the server says so once the app runs', async ({ page }) => {
  await page.route('**/api/ssm', (route) => route.abort('internetdisconnected'))
  const release = await holdScripts(page)
  await page.goto(`${FIELD_URL}/login`, { waitUntil: 'commit' })
  await fillEarly(page, 'snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await expectPendingLogin(page)
  release()
  await takenOver(page)
  await expect(page.getByRole('alert')).toContainText('Cannot reach the server. Check your connection and try again.')
})

test('a field being typed in keeps its text, caret and focus when the app takes over', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto(`${FIELD_URL}/login`, { waitUntil: 'commit' })
  await page.getByLabel('Username').fill('pmanager')
  await page.getByLabel('Password').pressSequentially('snap')
  release()
  await takenOver(page)
  await expect(page.getByLabel('Username')).toHaveValue('pmanager')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type('shot-demo')
  await expect(page.getByLabel('Password')).toHaveValue('snapshot-demo')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Property Manager')).toBeVisible()
})

test('a signed-out visitor at the field tool’s address sees the login at once; a signed-in one never sees it', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto(`${FIELD_URL}/`, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  release()
  await takenOver(page)
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
  await page.unrouteAll({ behavior: 'wait' })

  await signInField(page)
  const releaseAgain = await holdScripts(page)
  await page.goto(`${FIELD_URL}/login`, { waitUntil: 'commit' })
  await expect(prerendered(page)).toBeHidden()
  releaseAgain()
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Search' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0)
})

test('the admin console carries no prerendered field login', async ({ page }) => {
  await page.goto(`${ADMIN_URL}/login`)
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(prerendered(page)).toHaveCount(0)
})

test('the logo is part of the page: it costs no request, and the tab icon is asked for once and kept', async ({
  page,
}) => {
  const icons: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.svg')) icons.push(new URL(request.url()).pathname)
  })
  for (const url of [`${FIELD_URL}/login`, `${ADMIN_URL}/login`]) {
    await page.goto(url)
    await expect(page.locator('img').first()).toHaveAttribute('src', /^data:image\/svg\+xml,/)
  }
  expect(icons.every((path) => /^\/assets\/favicon-[\w-]+\.svg$/.test(path))).toBe(true)
  expect(icons.length).toBeLessThanOrEqual(2)
})
