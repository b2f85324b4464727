import { blogsResource } from '@storageops/contracts/content/blogs'
import { citiesResource } from '@storageops/contracts/content/cities'
import { landingPagesResource } from '@storageops/contracts/content/landing-pages'
import { librariesResource } from '@storageops/contracts/content/libraries'
import { marketingFeaturesResource } from '@storageops/contracts/content/marketing-features'
import { pagesResource } from '@storageops/contracts/content/pages'
import { questionsResource } from '@storageops/contracts/content/questions'
import { reviewsResource } from '@storageops/contracts/content/reviews'
import { settingsResource } from '@storageops/contracts/content/settings'
import { statesResource } from '@storageops/contracts/content/states'
import { unitFiltersResource } from '@storageops/contracts/content/unit-filters'
import {
  blogs,
  cities,
  landingPages,
  libraries,
  marketingFeatures,
  pages,
  questions,
  reviews,
  settings,
  states,
  unitFilters,
} from '../../db/schema.ts'
import { resourceStore } from '../../lib/resource-service.ts'

export const reviewStore = resourceStore(reviewsResource, reviews)

/** The top bar's maintenance toggle uses the same calls (admin-console-part-1 §7), so it needs /settings too. */
export const settingStore = resourceStore(settingsResource, settings)

export const stateStore = resourceStore(statesResource, states)
export const cityStore = resourceStore(citiesResource, cities)
export const questionStore = resourceStore(questionsResource, questions)
export const libraryStore = resourceStore(librariesResource, libraries)
export const blogStore = resourceStore(blogsResource, blogs)
export const pageStore = resourceStore(pagesResource, pages)
/** The `unit_filters` table the Unit Types screen reads; a trigger keeps unit types' filter keys in step. */
export const unitFilterStore = resourceStore(unitFiltersResource, unitFilters)
export const marketingFeatureStore = resourceStore(marketingFeaturesResource, marketingFeatures)
export const landingPageStore = resourceStore(landingPagesResource, landingPages)
