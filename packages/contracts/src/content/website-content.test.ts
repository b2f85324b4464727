import { describe, expect, test } from 'vitest'
import { changedFields, sameValue } from '../resource-versions.ts'
import { editScreenOf, listScreenOf, publicNameOf } from '../resource.ts'
import { US_STATE_CODES, US_STATES } from '../us-states.ts'
import { blogsResource } from './blogs.ts'
import { citiesResource, CityInput } from './cities.ts'
import { canManageFaq } from './faq.ts'
import { landingPagesResource } from './landing-pages.ts'
import { librariesResource, LibraryInput } from './libraries.ts'
import { marketingFeaturesResource } from './marketing-features.ts'
import { CreatePageInput, pagesResource, SavePageInput, UpdatePageInput } from './pages.ts'
import { questionsResource, QuestionInput } from './questions.ts'
import { settingsResource } from './settings.ts'
import { CreateStateInput, statesResource, UpdateStateInput } from './states.ts'
import { CreateUnitFilterInput, UpdateUnitFilterInput } from './unit-filters.ts'

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message

describe('the 56 state codes (admin-console-part-2 §2)', () => {
  test('50 states, DC and five territories, each code once', () => {
    expect(US_STATES).toHaveLength(56)
    expect(new Set(US_STATE_CODES).size).toBe(56)
    expect(US_STATE_CODES).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP']))
  })

  test("a state's code is one of them, trimmed and upper-cased; anything else is 'State code is not valid.'", () => {
    const body = { full_name: 'Texas', lat: 31, long: -99 }
    expect(CreateStateInput.parse({ ...body, short_name: ' tx ' }).short_name).toBe('TX')
    expect(firstMessage(CreateStateInput.safeParse({ ...body, short_name: 'ZZ' }))).toBe('State code is not valid.')
    expect(firstMessage(CreateStateInput.safeParse(body))).toBe('State code is not valid.')
  })

  test('zoom level defaults to 1 (also when left blank) and is a whole number from 1 to 20; coordinates stay on the globe', () => {
    const state = UpdateStateInput.parse({ full_name: 'Texas', lat: 31, long: -99 })
    expect(state.zoom_level).toBe(1)
    expect(UpdateStateInput.safeParse({ full_name: 'T', lat: 31, long: -99, zoom_level: 21 }).success).toBe(false)
    expect(UpdateStateInput.parse({ full_name: 'T', lat: 31, long: -99, zoom_level: '' }).zoom_level).toBe(1)
    expect(firstMessage(UpdateStateInput.safeParse({ full_name: 'T', lat: 31, long: -99, zoom_level: 'x' }))).toBe(
      'Zoom level must be a whole number from 1 to 20.',
    )
    expect(UpdateStateInput.safeParse({ full_name: 'T', lat: 91, long: -99 }).success).toBe(false)
    expect(firstMessage(UpdateStateInput.safeParse({ full_name: 'T', long: -99 }))).toBe('Latitude is required.')
  })

  test('the edit body has no code, and the deprecated keywords are labelled so', () => {
    expect(UpdateStateInput.shape).not.toHaveProperty('short_name')
    expect(statesResource.fields.find((field) => field.key === 'keywords')).toMatchObject({ deprecated: true })
    expect(statesResource.messages).toMatchObject({
      notFound: 'State code is not valid.',
      created: 'Successfully created the state!',
      createFailed: 'Failed to create state.',
      updateFailed: 'Failed to update contents.',
    })
  })
})

describe('website content rules (admin-console-part-2 §3, §5)', () => {
  test("a city's state is a two-letter code", () => {
    const city = { name: 'Waco', lat: 31.5, long: -97.1 }
    expect(CityInput.parse({ ...city, state: 'tx' }).state).toBe('TX')
    expect(firstMessage(CityInput.safeParse({ ...city, state: 'Texas' }))).toBe(
      'State must be a two-letter state code.',
    )
  })

  test('keywords and document lists are trimmed, de-duplicated and blanks dropped; library keywords lower-cased', () => {
    expect(LibraryInput.parse({ topic: 'T', keywords: [' Gate ', 'gate', '', 'KEYPAD'] }).keywords).toEqual([
      'gate',
      'keypad',
    ])
    expect(blogsResource.create.parse({ title: 'T', keywords: [' Moving ', 'Moving'] }).keywords).toEqual(['Moving'])
  })

  test('markdown keeps its leading spaces and loses trailing ones; a blank answer is refused', () => {
    expect(blogsResource.create.parse({ title: 'T', body: '    code\n\n' }).body).toBe('    code')
    expect(firstMessage(QuestionInput.safeParse({ question: 'Q?', answer: ' \n ' }))).toBe('Answer is required')
  })

  test('a page name is its address: lower-cased, then words and dashes; an edit carries no name', () => {
    expect(CreatePageInput.parse({ name: ' About-Us ' }).name).toBe('about-us')
    expect(firstMessage(CreatePageInput.safeParse({ name: 'about us' }))).toMatch(/lower-case letters/)
    expect(UpdatePageInput.shape).not.toHaveProperty('name')
    expect(SavePageInput.parse({ id: 3, content: 'x' }).name).toBeUndefined()
    expect(firstMessage(CreatePageInput.safeParse({ name: ' ' }))).toBe('Name is required')
  })

  test("unit filters: 'Filter Key is required' when adding, 'Filter key is required' when editing", () => {
    expect(CreateUnitFilterInput.safeParse({ name: ' ', filter_key: ' ' }).error?.issues.map((i) => i.message)).toEqual(
      ['Name is required', 'Filter Key is required'],
    )
    expect(firstMessage(UpdateUnitFilterInput.safeParse({ name: 'x', filter_key: '' }))).toBe('Filter key is required')
    expect(CreateUnitFilterInput.parse({ name: 'x', filter_key: ' Drive-Up ' }).filter_key).toBe('drive-up')
    expect(CreateUnitFilterInput.safeParse({ name: 'x', filter_key: 'drive up' }).success).toBe(false)
  })

  test('FAQ actions: a superadmin or a role allowed /faq itself', () => {
    expect(canManageFaq({ superadmin: true, allowed_pages: [] })).toBe(true)
    expect(canManageFaq({ superadmin: false, allowed_pages: ['/faq'] })).toBe(true)
    expect(canManageFaq({ superadmin: false, allowed_pages: ['/blogs'] })).toBe(false)
    expect(canManageFaq(null)).toBe(false)
  })

  test('screens: questions list on /faq, pages edit at /pages/edit/{id}; public names from the API path', () => {
    expect(listScreenOf(questionsResource)).toBe('/faq')
    expect(editScreenOf(questionsResource, 4)).toBe('/faq/questions/4')
    expect(editScreenOf(pagesResource, 7)).toBe('/pages/edit/7')
    expect(editScreenOf(pagesResource, ':key')).toBe('/pages/edit/:key')
    expect(listScreenOf(pagesResource)).toBe('/pages')
    expect(publicNameOf(pagesResource)).toBe('pages')
  })
})

describe('the save messages of the content screens (admin-console-part-2 §8)', () => {
  test("each save failure shown when the status is not 200 is the spec's text, and so are the success examples", () => {
    expect(statesResource.messages).toMatchObject({
      createFailed: 'Failed to create state.',
      updateFailed: 'Failed to update contents.',
      created: 'Successfully created the state!',
    })
    expect(citiesResource.messages).toMatchObject({
      createFailed: 'Failed to create city.',
      updateFailed: 'Failed to update city.',
      saved: 'Successfully updated the city!',
    })
    for (const resource of [questionsResource, librariesResource, blogsResource])
      expect(resource.messages.createFailed, resource.name).toBe('Failed to create contents.')
    expect(settingsResource.messages).toMatchObject({
      createFailed: 'Failed to create a setting.',
      updateFailed: 'Failed to update setting.',
    })
    expect(pagesResource.messages.createFailed).toBe('Failed to create page.')
    for (const resource of [questionsResource, librariesResource, settingsResource, blogsResource, pagesResource])
      expect(resource.messages.saved, resource.name).toBe('Data saved successfully')
    expect(marketingFeaturesResource.messages).toMatchObject({
      saved: 'Data saved successfully',
      updateFailed: 'Failed to save data',
    })
  })

  test("a landing page: 'Failed to create landing page.' on create, 'Failed to update contents.' otherwise", () => {
    expect(landingPagesResource.messages).toMatchObject({
      notFound: 'Landing Page code is not valid.',
      created: 'Successfully created the landing page!',
      createFailed: 'Failed to create landing page.',
      saved: 'Successfully updated the contents!',
      updateFailed: 'Failed to update contents.',
    })
  })
})

describe('version diffs', () => {
  test('fields compare by content; empty values are alike', () => {
    expect(sameValue(['a'], ['a'])).toBe(true)
    expect(sameValue('', null)).toBe(true)
    expect(sameValue([], undefined)).toBe(true)
    expect(sameValue(1, '1')).toBe(false)
    expect(changedFields(['a', 'b', 'c'], { a: 1, b: ['x'], c: '' }, { a: 1, b: ['y'], c: null })).toEqual(['b'])
    expect(changedFields(['a', 'b'], null, { a: 'x', b: '' })).toEqual(['a'])
  })
})
