import { Stack } from '@mantine/core'
import { allowsPage } from '@storageops/contracts/admin-pages'
import { librariesResource } from '@storageops/contracts/content/libraries'
import { questionsResource } from '@storageops/contracts/content/questions'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ResourceList } from '../../../components/ui/resource-list.tsx'
import { useAdminUser } from './use-admin-user.ts'

/** FAQ (spec: admin-console-part-2 §2): questions and knowledge-base library articles on one screen. */
export function FaqPage() {
  const user = useAdminUser()
  const canChange = allowsPage(user.role, questionsResource.page)
  return (
    <Stack gap={40}>
      <PageHeader
        title="FAQ"
        description={
          canChange
            ? 'Questions and answers of the website’s FAQ page, and the knowledge-base library.'
            : 'Questions and answers of the website’s FAQ page, and the knowledge-base library. Only a role allowed FAQ may change them.'
        }
      />
      <ResourceList declaration={questionsResource} order={2} canChange={canChange} />
      <ResourceList declaration={librariesResource} order={2} canChange={canChange} />
    </Stack>
  )
}
