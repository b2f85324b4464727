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

test('the login in the HTML is the app’s own screen: the same text, fields and pixels once the app takes it over', async ({
  page,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    const release = await holdScripts(page)
    await page.goto(`${FIELD_URL}/login`, { waitUntil: 'commit' })
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
    await expect(prerendered(page)).toBeVisible()
    const before = await screenOf(page)
    const shotBefore = await page.screenshot({ animations: 'disabled', caret: 'hide' })
    if (viewport.width === 390) await expectAccessible(page)
    release()
    await takenOver(page)
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
    expect(await screenOf(page)).toEqual(before)
    expect(before.fields.map((field) => field.label)).toEqual(['Username', 'Password', 'Show characters', 'Login'])
    // Nothing moves or changes colour when the app replaces the prerendered screen (polled: a loaded machine may
    // take a frame to draw the logo of the new <img>).
    await expect
      .poll(async () => (await page.screenshot({ animations: 'disabled', caret: 'hide' })).equals(shotBefore), {
        timeout: 5_000,
      })
      .toBe(true)
    await page.unrouteAll({ behavior: 'wait' })
  }
  await screenshotBoth(page, 'field-login-taken-over')
})

test('what is typed, the focus and a Login pressed before the app runs carry over: signed in with one request', async ({
  page,
}) => {
  const signIns: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/ssm') signIns.push(request.method())
  })
  const release = await holdScripts(page)
  await page.goto(`${FIELD_URL}/login?next=%2Fsnapshot%2Ftasks-overview`, { waitUntil: 'commit' })
  await page.getByLabel('Username').fill('csagent')
  await page.getByLabel('Password').fill('snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  // Held for the app, not posted as a native form (the password never goes into an address).
  await expect(page).toHaveURL(`${FIELD_URL}/login?next=%2Fsnapshot%2Ftasks-overview`)
  expect(signIns).toEqual([])
  release()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/tasks-overview`)
  expect(signIns).toEqual(['POST'])
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
