import type { AnyResource } from '../resource.ts'
import { blogsResource } from './blogs.ts'
import { citiesResource } from './cities.ts'
import { ecriRuleSetsResource } from '../ecri.ts'
import { landingPagesResource } from './landing-pages.ts'
import { librariesResource } from './libraries.ts'
import { marketingFeaturesResource } from './marketing-features.ts'
import { pagesResource } from './pages.ts'
import { questionsResource } from './questions.ts'
import { reviewsResource } from './reviews.ts'
import { settingsResource } from './settings.ts'
import { statesResource } from './states.ts'
import { unitFiltersResource } from './unit-filters.ts'

/**
 * Every declared resource (DESIGN §9). The API test checks that the server registers exactly these; the
 * browser journey walks those whose screens are the generic ones (web `RESOURCE_SCREENS`).
 */
export const DECLARED_RESOURCES: readonly AnyResource[] = [
  reviewsResource,
  settingsResource,
  statesResource,
  citiesResource,
  questionsResource,
  librariesResource,
  blogsResource,
  pagesResource,
  unitFiltersResource,
  marketingFeaturesResource,
  landingPagesResource,
  ecriRuleSetsResource,
]
