/**
 * Declared resources whose screens are the generic ResourceList and ResourceForm (`gatedResource`): one line
 * adds a resource's list, create and edit routes, and the browser journey (e2e/resources.spec.ts) walks
 * every one. Declarations load lazily, so the field tool never loads zod.
 */
export const RESOURCE_SCREENS = [
  { screen: '/reviews', load: () => import('@storageops/contracts/content/reviews').then((m) => m.reviewsResource) },
  { screen: '/settings', load: () => import('@storageops/contracts/content/settings').then((m) => m.settingsResource) },
  { screen: '/states', load: () => import('@storageops/contracts/content/states').then((m) => m.statesResource) },
  { screen: '/cities', load: () => import('@storageops/contracts/content/cities').then((m) => m.citiesResource) },
] as const
