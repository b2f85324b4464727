import { useState } from 'react'
import { Button, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import {
  MARKETING_FEATURE_MESSAGES,
  marketingFeaturesResource,
  type MarketingFeature,
} from '@storageops/contracts/content/marketing-features'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { confirmResourceDelete } from '../../../components/ui/resource-list.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { RowActions } from '../../../components/ui/row-actions.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useResourceList } from '../../../lib/resource-queries.ts'
import { useDeleteMarketingFeature } from '../api/delete-marketing-feature.ts'
import { MarketingFeatureModal } from './marketing-feature-modal.tsx'

const declaration = marketingFeaturesResource

/** Marketing Features (spec: admin-console-part-2 §2, §5, §7, §8): table ID, Name, Actions; create and edit in a modal. */
export function MarketingFeaturesPanel() {
  const features = useResourceList(declaration)
  const remove = useDeleteMarketingFeature()
  const [editing, setEditing] = useState<MarketingFeature | null>(null)
  const [opened, setOpened] = useState(false)
  const { labels } = declaration

  const openForm = (feature: MarketingFeature | null) => {
    setEditing(feature)
    setOpened(true)
  }
  const askDelete = (feature: MarketingFeature) =>
    confirmResourceDelete(declaration, feature.name, (callbacks) => remove.mutate(feature.id, callbacks))

  return (
    <Stack gap="lg">
      <PageHeader
        title={labels.plural}
        description={labels.description}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openForm(null)}>
            {labels.create}
          </Button>
        }
      />
      {features.isPending && <SkeletonRows rows={5} label="Loading marketing features" />}
      {features.isError && (
        <FormError
          message={errorMessage(features.error, MARKETING_FEATURE_MESSAGES.fetchFailed)}
          onRetry={() => void features.refetch()}
        />
      )}
      {features.data && (
        <ResponsiveTable
          label={labels.plural}
          rows={features.data}
          rowKey={(feature) => feature.id}
          minWidth={480}
          columns={[
            { key: 'id', header: 'ID', cell: (feature) => feature.id, nowrap: true },
            { key: 'name', header: 'Name', cell: (feature) => feature.name },
          ]}
          empty={`No marketing features yet. ${labels.create} to add the first.`}
          card={(feature) => (
            <Stack gap={2}>
              <Text fw={600}>{feature.name}</Text>
              <Text fz="sm" c="gray.8">
                ID {feature.id}
              </Text>
            </Stack>
          )}
          actions={(feature) => (
            <RowActions subject={feature.name} onEdit={() => openForm(feature)} onDelete={() => askDelete(feature)} />
          )}
        />
      )}
      <MarketingFeatureModal opened={opened} feature={editing} onClose={() => setOpened(false)} />
    </Stack>
  )
}
