import { chromium, type Page } from '@playwright/test'
import sharp from 'sharp'

/**
 * Retakes the README's two pictures from a running demo server (`npm start`, or PORT=… for another port):
 * the field tool's facility detail on a 390×844 phone and the admin console's Locations at 1280×900, written
 * as small palette PNGs (docs/field-tool.png, docs/admin-console.png, 640 px wide at most).
 */

const port = Number(process.env.PORT ?? 3000)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})

async function save(page: Page, file: string) {
  const picture = await page.screenshot()
  await sharp(picture)
    .resize({ width: 640, withoutEnlargement: true })
    .png({ palette: true, colours: 128 })
    .toFile(file)
  console.log(`${file} written`)
}

try {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  await phone.goto(`http://snapshot.localhost:${port}/login`)
  await phone.getByLabel('Username').fill('pmanager')
  await phone.getByLabel('Password').fill('snapshot-demo')
  await phone.getByRole('button', { name: 'Login' }).click()
  await phone.getByRole('heading', { level: 1, name: 'Facility Search' }).waitFor()
  await phone.goto(`http://snapshot.localhost:${port}/austin-tx-100`)
  await phone.getByRole('heading', { name: 'Gate Access' }).waitFor()
  await save(phone, 'docs/field-tool.png')

  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await desk.goto(`http://admin.localhost:${port}/login`)
  await desk.getByLabel('Email').fill('admin@example.com')
  await desk.getByLabel('Password').fill('admin-demo')
  await desk.getByRole('button', { name: 'Login', exact: true }).click()
  await desk.getByRole('heading', { name: /Internal website for/ }).waitFor()
  await desk.goto(`http://admin.localhost:${port}/locations`)
  await desk.getByRole('heading', { level: 1, name: 'Locations' }).waitFor()
  await desk.getByRole('row').nth(5).waitFor()
  await save(desk, 'docs/admin-console.png')
} finally {
  await browser.close()
}
