import sharp from 'sharp'
import { US_STATES } from '@storageops/contracts/us-states'
import type { Tx } from '../db/client.ts'
import { blogs, cities, libraries, marketingFeatures, pages, questions, states } from '../db/schema.ts'
import type { FileStorage } from '../integrations/files/storage.ts'
import type { DemoLocation } from './generate.ts'
import { STATE_CENTRES } from './state-centres.ts'

const SITE = 'https://www.harborpointstorage.example'
const PHONE = '(800) 555-0142'

/** States whose lease template carries an SBOA addendum (a sample of where the demo operator sells SBOA). */
const SBOA_STATES = new Set(['TX', 'AZ', 'CA', 'FL', 'GA', 'NC', 'CO'])

const QUESTIONS = [
  [
    'What size storage unit do I need?',
    'Most customers fit in one of four sizes:\n\n| Size | Holds |\n|---|---|\n| 5x5 | Boxes, seasonal decorations, a bicycle |\n| 5x10 | A studio apartment or a dorm room |\n| 10x10 | A one-bedroom apartment |\n| 10x20 | A three-bedroom house, or a car |\n\nNot sure? Call us and we will size it with you.',
  ],
  [
    'Do I have to sign a long-term lease?',
    'No. Every rental is **month-to-month**: stay as long as you need and give notice when you move out.',
  ],
  [
    'What can’t I store?',
    'Anything hazardous, perishable or alive: fuel, paint thinner, propane tanks, fireworks, food, plants and animals. Nobody may live or work in a unit. See the [prohibited items article](/faq#prohibited-items) for the full list.',
  ],
  [
    'Do I need insurance?',
    'Yes. Your belongings must be covered, either by your homeowner’s or renter’s policy or by our **Tenant Protection Plan**, which you can add at move-in from $12 a month.',
  ],
  [
    'When can I get to my unit?',
    'Gates open **6:00 AM to 10:00 PM**, every day, with your personal gate code. Office hours are Monday to Friday 9:30 AM to 6:00 PM and Saturday 9:00 AM to 5:00 PM.',
  ],
  [
    'How do I pay my rent?',
    'Online in your account, with autopay by card or bank account, at the kiosk or in the office. Rent is due on the same day each month as your move-in.',
  ],
  [
    'What happens if I pay late?',
    'A late fee applies from the sixth day. After 30 days your gate code is suspended, and state lien law sets what follows; we always call and write before that.',
  ],
  [
    'Can I reserve a unit online?',
    'Yes, free of charge. We hold your unit for up to the facility’s reservation window (7 days at most facilities) and your price is locked in.',
  ],
  [
    'What is climate-controlled storage?',
    'Units inside a building kept between 55 °F and 85 °F all year. Choose it for wood furniture, electronics, documents, photos, instruments and anything that warps or molds.',
  ],
  [
    'Can I store a car, boat or RV?',
    'Many facilities have outdoor parking spaces and drive-up units large enough for a car. The vehicle must run and be registered and insured in your name.',
  ],
  [
    'What do I need to bring on move-in day?',
    '- [x] A government photo ID\n- [x] A payment card or bank details\n- [ ] A disc lock (we sell them at the office)\n- [ ] Proof of insurance, if you bring your own',
  ],
  [
    'How do I move out?',
    'Tell us by the 20th of the month before you leave, empty the unit, sweep it and take your lock off. We inspect it and refund any prepaid rent.',
  ],
  [
    'Can someone else get into my unit?',
    'Only people you add as **authorized access** in your account or at the office. They get their own gate code; you can remove them at any time.',
  ],
  [
    'Do you sell boxes and locks?',
    'Yes: boxes in five sizes, tape, bubble wrap, mattress covers and disc locks, at every office and online for pick-up.',
  ],
] as const

const ARTICLES = [
  {
    topic: 'Gate codes and access hours',
    keywords: ['gate code', 'access', 'keypad', 'hours'],
    article:
      '## Your gate code\n\nEvery tenant gets a personal six-digit code at move-in. Enter it at the keypad by the entrance; the gate logs each entry.\n\n- Forgot it? Look in your account or call the office.\n- Code refused? Check your balance: codes are suspended after 30 days past due.\n- Authorized access people get codes of their own.\n\nAccess hours are 6:00 AM to 10:00 PM every day.',
  },
  {
    topic: 'Autopay and online payments',
    keywords: ['autopay', 'payment', 'card', 'ach'],
    article:
      '## Paying online\n\nSign in at harborpointstorage.example, choose **Pay rent**, and pay by card or bank account (ACH).\n\n## Autopay\n\nTurn on autopay in your account or at the kiosk. The payment runs on your due date; we email a receipt each month. A failed payment is tried again after three days.',
  },
  {
    topic: 'Late fees and the lien process',
    keywords: ['late fee', 'lien', 'auction', 'past due'],
    article:
      '| Days past due | What happens |\n|---|---|\n| 6 | Late fee added |\n| 30 | Gate code suspended, pre-lien letter |\n| 45+ | Lien notice as state law requires |\n| After notice | Public auction of the contents |\n\nCall the office at any point: a payment plan stops the process.',
  },
  {
    topic: 'Tenant Protection Plan',
    keywords: ['insurance', 'protection plan', 'coverage', 'claim'],
    article:
      'The Tenant Protection Plan covers your stored goods against fire, theft, water and wind damage.\n\n| Plan | Coverage | Per month |\n|---|---|---|\n| Basic | $2,000 | $12 |\n| Standard | $5,000 | $19 |\n| Premium | $10,000 | $29 |\n\nTo file a claim, call the office within 14 days with photos and receipts.',
  },
  {
    topic: 'Unit size guide',
    keywords: ['size', '5x5', '10x10', '10x20'],
    article:
      'A 10x10 unit is about the size of a bedroom and holds a one-bedroom apartment. Measure your largest item (a sofa, a mattress on end) and add a walkway down the middle so you can reach the back.',
  },
  {
    topic: 'Climate-controlled units',
    keywords: ['climate', 'temperature', 'humidity'],
    article:
      'Climate-controlled units stay between 55 °F and 85 °F with controlled humidity. Recommended for: ~~everything~~ wood and leather furniture, electronics, paper, photos, art, musical instruments and wine.',
  },
  {
    topic: 'Vehicle, boat and RV parking',
    keywords: ['vehicle', 'boat', 'rv', 'parking'],
    article:
      'Parking spaces are measured for the longest vehicle including the hitch. Bring the registration and proof of insurance. Vehicles must be in running order; no repairs or fluid changes on site.',
  },
  {
    topic: 'Moving out checklist',
    keywords: ['move-out', 'notice', 'vacate', 'refund'],
    article:
      '- [ ] Give notice by the 20th of the month before you leave\n- [ ] Empty the unit completely\n- [ ] Sweep it and take out any trash\n- [ ] Remove your lock\n- [ ] Tell the office, which inspects the unit and ends the lease',
  },
  {
    topic: 'Rate changes',
    keywords: ['rate increase', 'ecri', 'notice', 'price'],
    article:
      'Rents follow local demand. Existing customers get at least 30 days’ written notice before any rate change (ECRI), and never more than one change in six months.',
  },
  {
    topic: 'Prohibited items',
    keywords: ['hazardous', 'prohibited', 'perishable', 'fuel'],
    article:
      'Never store: gasoline, propane, paint thinner and other flammables; fireworks and ammunition; food and anything perishable; plants and animals; stolen goods. Vehicles must have the fuel tank no more than a quarter full.',
  },
] as const

const BLOGS = [
  {
    title: 'How to Pack a Storage Unit Like a Pro',
    colours: ['#1f5f8b', '#f2a541'],
    meta_description: 'Label, stack and leave an aisle: seven habits that make a storage unit easy to use.',
    keywords: ['packing', 'storage tips'],
    body: '## Start with a plan\n\nSketch the unit and decide what you will need often: that goes at the front.\n\n1. Use boxes of the same two sizes so they stack.\n2. Put heavy boxes at the bottom, light ones on top.\n3. Label every box on two sides.\n4. Leave an aisle down the middle.\n5. Stand mattresses and sofas on end, wrapped.\n\n> Tip: photograph each wall of the unit before you lock up.',
  },
  {
    title: 'Climate Control: When It’s Worth It',
    colours: ['#2e7d5b', '#e8f1ec'],
    meta_description: 'Which belongings need a climate-controlled unit, and which are fine in a drive-up.',
    keywords: ['climate control'],
    body: '| Item | Climate control? |\n|---|---|\n| Wood furniture | Yes |\n| Electronics | Yes |\n| Garden tools | No |\n| Tires | No |\n| Photos and documents | Yes |\n\nIn humid summers, a few dollars more a month saves furniture from warping and mold.',
  },
  {
    title: 'Storing Your Car for the Winter',
    colours: ['#4a4e69', '#c9ada7'],
    meta_description: 'Fuel, battery, tires and paperwork: get your car ready for months in storage.',
    keywords: ['vehicle storage'],
    body: '- [x] Fill the tank and add a fuel stabilizer\n- [x] Change the oil\n- [x] Inflate the tires a little above normal\n- [ ] Disconnect the battery or use a maintainer\n- [ ] Cover the car with a breathable cover\n\nRead our [vehicle parking guide](/faq) for what each facility offers.',
  },
  {
    title: 'Decluttering Before a Move: A Four-Week Plan',
    colours: ['#9c4f2b', '#f4e3d7'],
    meta_description: 'Sort, sell, donate and store in four weekends, and move only what you need.',
    keywords: ['moving', 'decluttering'],
    body: '**Week 1:** closets and the garage. **Week 2:** the kitchen. **Week 3:** books, papers and photos. **Week 4:** everything left, and a storage unit for what you keep but don’t need yet.',
  },
] as const

const PAGES = [
  {
    name: 'about-us',
    title: 'About Harbor Point Self Storage',
    meta_description: 'A family of clean, secure self-storage facilities across the country.',
    content:
      '# About us\n\nHarbor Point Self Storage runs clean, well-lit facilities with personal gate codes, cameras and people who answer the phone.\n\n## What we promise\n\n- Month-to-month rentals\n- Prices shown online are the prices you pay\n- At least 30 days’ notice before any rate change',
  },
  {
    name: 'privacy-policy',
    title: 'Privacy Policy | Harbor Point Self Storage',
    meta_description: 'What we collect, why, and how to ask us to delete it.',
    content:
      '# Privacy policy\n\nWe collect your name, contact details, payment details and gate entries to run your rental. We never sell them.\n\n| Data | Kept for |\n|---|---|\n| Lease and payments | 7 years after move-out |\n| Gate entries | 1 year |\n| Camera footage | 30 days |\n\nWrite to privacy@harborpointstorage.example to see or delete your data.',
  },
  {
    name: 'terms-of-use',
    title: 'Terms of Use | Harbor Point Self Storage',
    meta_description: 'The terms of using our website and online rental.',
    content:
      '# Terms of use\n\nPrices and availability change daily and are confirmed when you rent. Reservations are free and held for the facility’s reservation window. The rental agreement you sign governs your tenancy.',
  },
  {
    name: 'careers',
    title: 'Careers at Harbor Point Self Storage',
    meta_description: 'Property manager and customer care jobs near you.',
    content:
      '# Work with us\n\nWe hire property managers, relief managers and customer care agents.\n\n- Paid training\n- Health, dental and 401(k)\n- A free storage unit\n\nSee open positions at careers.harborpointstorage.example.',
  },
  {
    name: 'contact-us',
    title: 'Contact Harbor Point Self Storage',
    meta_description: 'Call, write or visit: we answer within one business day.',
    content: `# Contact us\n\nCustomer care: **${PHONE}**, Monday to Saturday 8:00 AM to 8:00 PM.\n\nEmail help@harborpointstorage.example or visit any facility office.`,
  },
] as const

const MARKETING_FEATURES = [
  'Climate-Controlled Units',
  '24-Hour Video Surveillance',
  'Drive-Up Access',
  'Online Rentals & Payments',
  'Free Truck Rental with Move-In',
  'Boat & RV Parking',
  'Moving Supplies Sold On-Site',
  'Month-to-Month Leases',
] as const

function blogImageSvg(title: string, [ink, paper]: readonly [string, string]) {
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<rect width="640" height="360" fill="${paper}"/>
<rect x="0" y="250" width="640" height="110" fill="${ink}"/>
<rect x="70" y="120" width="150" height="130" fill="${ink}" opacity="0.85"/>
<rect x="240" y="90" width="150" height="160" fill="${ink}" opacity="0.65"/>
<rect x="410" y="140" width="150" height="110" fill="${ink}" opacity="0.45"/>
<text x="32" y="315" font-family="sans-serif" font-size="26" font-weight="700" fill="#ffffff">${escaped}</text>
</svg>`
}

const stateNameOf = (code: string) => US_STATES.find((state) => state.code === code)?.name ?? code

/** The demo operator's website content (spec: admin-console-part-2 §3), with drawn blog headers (`blog-{n}.jpg`). */
export async function seedWebsiteContent(tx: Tx, options: { locations: DemoLocation[]; files: FileStorage }) {
  const byState = new Map<string, DemoLocation[]>()
  for (const location of options.locations)
    byState.set(location.state, [...(byState.get(location.state) ?? []), location])

  await tx.insert(states).values(
    US_STATES.map(({ code, name }) => {
      const [lat, long, zoom] = STATE_CENTRES[code]
      const here = byState.get(code) ?? []
      const citiesHere = [...new Set(here.map((location) => location.city))].sort()
      return {
        short_name: code,
        full_name: name,
        lat,
        long,
        zoom_level: zoom,
        meta_title: `Self Storage in ${name} | Harbor Point Self Storage`,
        meta_description: here.length
          ? `${here.length} self-storage ${here.length === 1 ? 'facility' : 'facilities'} in ${name}: ${citiesHere.join(', ')}. Reserve online free.`
          : `Self storage in ${name}: find the Harbor Point facility nearest you.`,
        keywords: [`self storage ${name.toLowerCase()}`, `storage units ${code.toLowerCase()}`],
        body: here.length
          ? `## Storage units across ${name}\n\nWe run ${here.length} ${here.length === 1 ? 'facility' : 'facilities'} in ${name}:\n\n${citiesHere.map((city) => `- ${city}`).join('\n')}\n\nEvery facility has gated access with personal codes and month-to-month rentals.`
          : `## Storage in ${name}\n\nWe have no facility in ${name} yet. Call ${PHONE} and we will point you to the nearest one.`,
        lease_template_url: here.length ? `${SITE}/leases/${code.toLowerCase()}-rental-agreement.pdf` : '',
        sboa_addendum: SBOA_STATES.has(code) ? `${SITE}/leases/${code.toLowerCase()}-sboa-addendum.pdf` : '',
        sboa_additional_documents: SBOA_STATES.has(code) ? [`${SITE}/leases/sboa-disclosure.pdf`] : [],
        general_contact_number: PHONE,
      }
    }),
  )

  const cityPages = new Map<string, DemoLocation[]>()
  for (const location of options.locations) {
    const key = `${location.state}\u0000${location.city}`
    cityPages.set(key, [...(cityPages.get(key) ?? []), location])
  }
  await tx.insert(cities).values(
    [...cityPages.values()].map((here) => {
      const { city, state } = here[0]!
      const place = `${city}, ${state}`
      return {
        state,
        name: city,
        lat: Number((here.reduce((sum, location) => sum + location.lat, 0) / here.length).toFixed(6)),
        long: Number((here.reduce((sum, location) => sum + location.long, 0) / here.length).toFixed(6)),
        zoom_level: 11,
        meta_title: `Self Storage in ${place} | Harbor Point Self Storage`,
        meta_description: `Storage units in ${city}, ${stateNameOf(state)}: ${here.length} ${here.length === 1 ? 'facility' : 'facilities'}, climate-controlled and drive-up units, online rental.`,
        body: `## Self storage in ${city}\n\n| Facility | Address |\n|---|---|\n${here.map((location) => `| ${location.name} | ${location.address}, ${location.zip} |`).join('\n')}\n\nRent online in minutes or call ${PHONE}.`,
      }
    }),
  )

  await tx.insert(questions).values(QUESTIONS.map(([question, answer]) => ({ question, answer })))
  await tx.insert(libraries).values(ARTICLES.map((article) => ({ ...article, keywords: [...article.keywords] })))

  const blogRows = []
  for (const [index, blog] of BLOGS.entries()) {
    const name = `blog-${index + 1}.jpg`
    await options.files.put(
      name,
      await sharp(Buffer.from(blogImageSvg(blog.title, blog.colours)))
        .jpeg({ quality: 80 })
        .toBuffer(),
      'image/jpeg',
    )
    const { colours: _colours, ...fields } = blog
    blogRows.push({
      ...fields,
      keywords: [...blog.keywords],
      meta_title: `${blog.title} | Harbor Point Blog`,
      blog_image: `/img/${name}`,
      blog_image_alt: `Illustration: stacked storage boxes for “${blog.title}”`,
    })
  }
  await tx.insert(blogs).values(blogRows)
  await tx.insert(pages).values([...PAGES])
  await tx.insert(marketingFeatures).values(MARKETING_FEATURES.map((name) => ({ name })))
}
