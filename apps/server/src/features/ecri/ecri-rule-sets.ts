import { ecriRuleSetsResource } from '@storageops/contracts/ecri'
import { ecriRuleSets } from '../../db/schema.ts'
import { resourceStore } from '../../lib/resource-service.ts'

/** The ECRI rule sets on the declared-resource machinery: versions, If-Match, restore and audit (decision 015). */
export const ecriRuleSetStore = resourceStore(ecriRuleSetsResource, ecriRuleSets)
