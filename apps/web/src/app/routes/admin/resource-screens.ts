import type { AnyResource } from '@storageops/contracts/resource'
import type { SaveEdit } from '../../../lib/resource-queries.ts'

/**
 * Declared resources on the generic ResourceList and ResourceForm (`gatedResource`), one line each; the journey
 * e2e/resources.spec.ts walks every one. Declarations load lazily, so the field tool never loads zod.
 */
export const RESOURCE_SCREENS = [
  { screen: '/reviews', load: () => import('@storageops/contracts/content/reviews').then((m) => m.reviewsResource) },
  { screen: '/settings', load: () => import('@storageops/contracts/content/settings').then((m) => m.settingsResource) },
  { screen: '/states', load: () => import('@storageops/contracts/content/states').then((m) => m.statesResource) },
  { screen: '/cities', load: () => import('@storageops/contracts/content/cities').then((m) => m.citiesResource) },
  {
    screen: '/faq/questions',
    list: null,
    load: () => import('@storageops/contracts/content/questions').then((m) => m.questionsResource),
  },
  {
    screen: '/faq/library',
    list: null,
    load: () => import('@storageops/contracts/content/libraries').then((m) => m.librariesResource),
  },
  { screen: '/blogs', load: () => import('@storageops/contracts/content/blogs').then((m) => m.blogsResource) },
  {
    screen: '/pages',
    edit: '/pages/edit',
    load: () => import('@storageops/contracts/content/pages').then((m) => m.pagesResource),
    saveEdit: () => import('../../../features/content/api/save-page.ts').then((m) => m.savePageEdit),
  },
  { screen: '/ecri/rule-sets', load: () => import('@storageops/contracts/ecri').then((m) => m.ecriRuleSetsResource) },
  {
    screen: '/unit-filters',
    load: () => import('@storageops/contracts/content/unit-filters').then((m) => m.unitFiltersResource),
  },
] as const satisfies ReadonlyArray<{
  screen: `/${string}`
  edit?: `/${string}`
  list?: null
  load: () => Promise<AnyResource>
  saveEdit?: () => Promise<SaveEdit>
}>
