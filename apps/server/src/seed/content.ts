import sharp from 'sharp'
import type { Tx } from '../db/client.ts'
import { reviews, settings } from '../db/schema.ts'
import type { FileStorage } from '../integrations/files/storage.ts'
import type { DemoLocation } from './generate.ts'

/** No maintenance setting: the top bar creates it when first turned on (admin-console-part-1 §4). */
const DEMO_SETTINGS = [
  {
    name: 'support_phone',
    value: '(800) 555-0142',
    description: 'Customer care number in the website header and footer.',
  },
  {
    name: 'support_email',
    value: 'help@harborpointstorage.example',
    description: 'Address of the Contact us link.',
  },
  {
    name: 'promo_banner',
    value: '**First month $1** on select units. [Reserve online](/reserve) today.',
    description: 'Banner across the top of every page, in markdown; empty hides it.',
  },
  {
    name: 'online_move_in',
    value: 'true',
    description: "'true' lets customers rent and sign the lease online; 'false' offers Reserve only.",
  },
  {
    name: 'footer_note',
    value: 'Prices and availability change daily. Harbor Point Self Storage is a fictional demo operator.',
    description: 'Small print at the bottom of every page.',
  },
  {
    name: 'rate_max_increase_percent',
    value: '25',
    description: 'Rate uploads refuse a new street rate or rent more than this many percent above the current one.',
  },
  {
    name: 'rate_notice_days',
    value: '30',
    description:
      "Tenant rate uploads refuse an effective date less than this many days after today (the tenant's notice).",
  },
  {
    name: 'walkthrough_overlock_days',
    value: '5',
    description: 'A walkthrough expects an overlock on a rented unit this many days or more past due.',
  },
  {
    name: 'walkthrough_cadence_days',
    value: '7',
    description: 'Lock Checks Due lists facilities whose last full walkthrough is older than this many days.',
  },
]

/** Customer reviews of demo facilities; `photo` gives the reviewer a drawn portrait (skin, hair, shirt colours). */
const DEMO_REVIEWS = [
  {
    name: 'Maria Delgado',
    facility: 0,
    photo: ['#c68863', '#2b1d14', '#3d7ea6'],
    description:
      'We moved across town with two kids and a dog, and the manager had our 10x15 ready the same afternoon. The gate code worked the first time and the carts were right by the elevator.',
  },
  {
    name: 'James Thornton',
    facility: 3,
    photo: ['#f1c9a5', '#8a5a2b', '#556b2f'],
    description:
      'Climate-controlled unit kept my late father’s furniture in perfect shape through a humid summer. Fair price, no surprise fees, and they called before the rate changed.',
  },
  {
    name: 'Priya Raman',
    facility: 7,
    photo: null,
    description:
      'Reserved online at 11 pm, signed the lease on my phone and drove in the next morning. The whole move-in took ten minutes.',
  },
  {
    name: 'Derek Olsen',
    facility: 12,
    photo: ['#e8b896', '#d9b35f', '#a23b3b'],
    description:
      'I run a small landscaping business out of a drive-up unit. Wide aisles, easy truck access and the office holds deliveries for me. Highly recommend.',
  },
  {
    name: 'Angela Brooks',
    facility: 18,
    photo: ['#8d5a3b', '#1b1b1b', '#7b4fa0'],
    description:
      'Spotless restrooms and hallways, which says a lot about how they look after the place. Staff remembered my name on the second visit.',
  },
  {
    name: 'Tom Nguyen',
    facility: 25,
    photo: null,
    description:
      'Good facility overall. The keypad at the back gate was slow one evening, but they had it fixed the next day and followed up by text.',
  },
  {
    name: 'Rachel Kim',
    facility: 31,
    photo: ['#f3d2b3', '#3a2a1f', '#2f8f83'],
    description:
      'Stored my car here for six months while I was deployed. Covered parking, well lit, and the monthly autopay meant I never had to think about it.',
  },
  {
    name: 'Luis Hernández',
    facility: 40,
    photo: ['#b07850', '#23170f', '#355c9a'],
    description:
      'The staff helped me pick the right size instead of upselling me. A 5x10 was plenty for a studio apartment, just like they said.',
  },
  {
    name: 'Sharon Whitaker',
    facility: 52,
    photo: null,
    description:
      'Downsizing after forty years in one house was hard. The team here was patient, sold me exactly the boxes I needed and showed me how to stack the unit.',
  },
  {
    name: 'Kevin O’Connell',
    facility: 66,
    photo: ['#f0c4a0', '#b5542b', '#4a4a4a'],
    description:
      'Clean, secure and open early enough for contractors. Cameras everywhere and the fence is solid. Worth the few dollars more than the place down the road.',
  },
] as const

function portraitSvg([skin, hair, shirt]: readonly [string, string, string]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<rect width="160" height="160" fill="#e7eef3"/>
<path d="M20 160 C24 118 52 104 80 104 C108 104 136 118 140 160 Z" fill="${shirt}"/>
<rect x="68" y="88" width="24" height="22" fill="${skin}"/>
<ellipse cx="80" cy="66" rx="30" ry="34" fill="${skin}"/>
<path d="M48 62 C46 30 68 24 80 24 C96 24 116 32 112 62 C106 46 92 40 80 42 C66 42 54 48 48 62 Z" fill="${hair}"/>
<circle cx="69" cy="68" r="3" fill="#2b2b2b"/><circle cx="91" cy="68" r="3" fill="#2b2b2b"/>
<path d="M70 84 Q80 92 90 84" stroke="#7a3e2e" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`
}

/** Settings and reviews, most with a portrait drawn at seed time (`review-{n}.jpg`). */
export async function seedDemoContent(tx: Tx, options: { locations: DemoLocation[]; files: FileStorage }) {
  const rows = []
  for (const [index, review] of DEMO_REVIEWS.entries()) {
    let picture = ''
    if (review.photo) {
      const name = `review-${index + 1}.jpg`
      await options.files.put(
        name,
        await sharp(Buffer.from(portraitSvg(review.photo)))
          .jpeg({ quality: 80 })
          .toBuffer(),
        'image/jpeg',
      )
      picture = `/img/${name}`
    }
    const location = options.locations[review.facility % options.locations.length]!
    rows.push({ name: review.name, location: location.name, description: review.description, picture })
  }
  await tx.insert(reviews).values(rows)
  await tx.insert(settings).values(DEMO_SETTINGS)
}
