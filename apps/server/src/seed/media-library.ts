import sharp from 'sharp'
import { HOMEPAGE_IMAGE_NAMES } from '@storageops/contracts/files'
import type { Tx } from '../db/client.ts'
import { homepageContents } from '../db/schema.ts'
import type { FileStorage } from '../integrations/files/storage.ts'
import { registerStoredFiles } from '../features/files/files.service.ts'

/** Drawn library photos: sky and ground colours, a building with roll-up doors, and what stands in front. */
interface Scene {
  name: string
  sky: readonly [string, string]
  ground: string
  wall: string
  door: string
  doors: number
  extra: 'truck' | 'boxes' | 'rv' | 'gate' | 'none'
}

const SCENES: readonly Scene[] = [
  {
    name: 'facility-front-morning',
    sky: ['#8ec5ff', '#e3f1ff'],
    ground: '#8d8f8a',
    wall: '#d9d4c7',
    door: '#c0392b',
    doors: 6,
    extra: 'gate',
  },
  {
    name: 'facility-front-sunset',
    sky: ['#f5a25d', '#fbd3a5'],
    ground: '#6f6a64',
    wall: '#cfc6b8',
    door: '#1f6fb2',
    doors: 6,
    extra: 'none',
  },
  {
    name: 'drive-up-units',
    sky: ['#7fb3e6', '#d6e9fa'],
    ground: '#7c7f83',
    wall: '#e6e2d8',
    door: '#e67e22',
    doors: 8,
    extra: 'none',
  },
  {
    name: 'moving-truck-loading',
    sky: ['#9cc9f5', '#e8f3fd'],
    ground: '#85888b',
    wall: '#ddd7ca',
    door: '#27ae60',
    doors: 5,
    extra: 'truck',
  },
  {
    name: 'boat-rv-parking',
    sky: ['#6fa8dc', '#cfe2f3'],
    ground: '#9a9a86',
    wall: '#d2cabb',
    door: '#7f8c8d',
    doors: 4,
    extra: 'rv',
  },
  {
    name: 'packing-boxes',
    sky: ['#fdf6e3', '#fdf6e3'],
    ground: '#c9b79c',
    wall: '#efe6d6',
    door: '#b9a27f',
    doors: 0,
    extra: 'boxes',
  },
  {
    name: 'gated-entrance-keypad',
    sky: ['#a7c7e7', '#eaf2fa'],
    ground: '#7d7f80',
    wall: '#d8d2c4',
    door: '#2c3e50',
    doors: 3,
    extra: 'gate',
  },
  {
    name: 'climate-controlled-hallway',
    sky: ['#eceff1', '#cfd8dc'],
    ground: '#b0bec5',
    wall: '#f5f5f5',
    door: '#2e86de',
    doors: 7,
    extra: 'none',
  },
  {
    name: 'winter-storage-lot',
    sky: ['#b8c6d6', '#edf1f5'],
    ground: '#f4f6f8',
    wall: '#cdc5b6',
    door: '#8e44ad',
    doors: 6,
    extra: 'none',
  },
  {
    name: 'summer-move-in-day',
    sky: ['#5dade2', '#d4ecfb'],
    ground: '#7f8386',
    wall: '#e2dccf',
    door: '#c0392b',
    doors: 6,
    extra: 'truck',
  },
  {
    name: 'business-storage-boxes',
    sky: ['#f2efe9', '#f2efe9'],
    ground: '#bfae93',
    wall: '#ece3d3',
    door: '#a38b66',
    doors: 0,
    extra: 'boxes',
  },
  {
    name: 'night-security-lights',
    sky: ['#1b2838', '#34495e'],
    ground: '#3d4246',
    wall: '#8e8a80',
    door: '#c0392b',
    doors: 6,
    extra: 'gate',
  },
]

function sceneSvg(scene: Scene, width = 1200, height = 800): string {
  const horizon = Math.round(height * 0.62)
  const wallTop = Math.round(height * 0.3)
  const doorWidth = scene.doors ? Math.min(120, (width - 160) / scene.doors - 20) : 0
  const doors = Array.from({ length: scene.doors }, (_, index) => {
    const x = 80 + index * (doorWidth + 20) + 10
    const slats = Array.from({ length: 8 }, (_, slat) => {
      const y = wallTop + 70 + slat * 22
      return `<line x1="${x}" x2="${x + doorWidth}" y1="${y}" y2="${y}" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>`
    }).join('')
    return `<rect x="${x}" y="${wallTop + 60}" width="${doorWidth}" height="${horizon - wallTop - 60}" fill="${scene.door}"/>${slats}`
  }).join('')
  const box = (x: number, y: number, size: number) =>
    `<rect x="${x}" y="${y}" width="${size}" height="${size * 0.8}" fill="#c8a16e" stroke="#8a6a3f" stroke-width="4"/><rect x="${x + size * 0.42}" y="${y}" width="${size * 0.16}" height="${size * 0.8}" fill="#e0c9a0"/>`
  const extras = {
    none: '',
    truck: `<rect x="640" y="${horizon - 200}" width="360" height="210" rx="10" fill="#f4f4f4" stroke="#555" stroke-width="4"/><rect x="1000" y="${horizon - 120}" width="130" height="130" rx="12" fill="#e74c3c"/><rect x="1030" y="${horizon - 105}" width="70" height="50" fill="#aed6f1"/><circle cx="720" cy="${horizon + 15}" r="34" fill="#222"/><circle cx="1060" cy="${horizon + 15}" r="34" fill="#222"/><text x="670" y="${horizon - 100}" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#1f6fb2">MOVING DAY</text>`,
    rv: `<rect x="520" y="${horizon - 190}" width="520" height="200" rx="24" fill="#fbfbf8" stroke="#6b6b6b" stroke-width="4"/><rect x="560" y="${horizon - 150}" width="120" height="60" fill="#9ec9e8"/><rect x="720" y="${horizon - 150}" width="200" height="24" fill="#c0392b"/><circle cx="620" cy="${horizon + 12}" r="34" fill="#222"/><circle cx="960" cy="${horizon + 12}" r="34" fill="#222"/>`,
    boxes: [box(120, 430, 260), box(420, 470, 220), box(260, 230, 220), box(700, 400, 300), box(760, 190, 220)].join(
      '',
    ),
    gate: `${Array.from({ length: 26 }, (_, bar) => `<rect x="${40 + bar * 44}" y="${horizon - 150}" width="8" height="170" fill="#2e3338"/>`).join('')}<rect x="30" y="${horizon - 150}" width="1140" height="12" fill="#2e3338"/><rect x="1080" y="${horizon - 110}" width="60" height="90" rx="8" fill="#1f2933"/><rect x="1092" y="${horizon - 98}" width="36" height="20" fill="#9fe870"/>`,
  }[scene.extra]
  const building =
    scene.doors > 0
      ? `<rect x="60" y="${wallTop}" width="${width - 120}" height="${horizon - wallTop}" fill="${scene.wall}"/><rect x="40" y="${wallTop - 30}" width="${width - 80}" height="40" fill="#5d6d7e"/><text x="90" y="${wallTop + 42}" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#1f3a5f">HARBOR POINT SELF STORAGE</text>${doors}`
      : `<rect x="0" y="${horizon}" width="${width}" height="${height - horizon}" fill="${scene.ground}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${scene.ground}"/>
${building}${extras}
</svg>`
}

/** The homepage's two fixed images: a wide hero and a portrait kiosk screen. */
const HOMEPAGE_SCENES: Record<(typeof HOMEPAGE_IMAGE_NAMES)[number], { scene: Scene; width: number; height: number }> =
  {
    'homepage_hero_image.jpg': { scene: SCENES[1]!, width: 1600, height: 700 },
    'homepage_kiosk_image.jpg': { scene: SCENES[6]!, width: 1080, height: 1920 },
  }

/** Names of the drawn library photos (`{scene}.jpg`), so other demo content can use them. */
export const LIBRARY_PHOTOS = SCENES.map((scene) => `${scene.name}.jpg`)

/** The demo media library (issue 13): drawn photos, the homepage's images and `extraNames`, each with its thumbnail. */
export async function seedMediaLibrary(tx: Tx, options: { files: FileStorage; extraNames: readonly string[] }) {
  for (const scene of SCENES)
    await options.files.put(
      `${scene.name}.jpg`,
      await sharp(Buffer.from(sceneSvg(scene)))
        .jpeg({ quality: 82 })
        .toBuffer(),
      'image/jpeg',
    )
  for (const [name, { scene, width, height }] of Object.entries(HOMEPAGE_SCENES))
    await options.files.put(
      name,
      await sharp(Buffer.from(sceneSvg(scene, width, height)))
        .jpeg({ quality: 82 })
        .toBuffer(),
      'image/jpeg',
    )
  await registerStoredFiles(tx, options.files, [...LIBRARY_PHOTOS, ...HOMEPAGE_IMAGE_NAMES, ...options.extraNames])
  await tx.insert(homepageContents).values({
    id: 1,
    title1: 'Self storage',
    title2: 'made simple',
    title3: 'near you',
    hero_subheader: 'Clean, secure units from 5×5 lockers to 10×30 garages',
    hero_body:
      'Rent online in minutes, **move in today**, and get in with your own gate code.\n\n- Month-to-month leases\n- Climate-controlled units',
    page_subheader: 'Why Harbor Point',
    page_body:
      '## Storage that fits your move\n\n| Size | Fits |\n|---|---|\n| 5×10 | A studio |\n| 10×10 | A one-bedroom |\n| 10×20 | A family home |',
    review_header: 'What our customers say',
    img_url: '/img/facility-front-sunset.jpg',
  })
}
