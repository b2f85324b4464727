import { useState } from 'react'
import { Badge, Box, Button, Group, Select, Stack, Table, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { diffWords } from 'diff'
import { formatDateTime } from '@storageops/contracts/date-time'
import { fieldLabel, formatFieldValue, type FieldDescriptor } from '@storageops/contracts/fields'
import type { AnyResource } from '@storageops/contracts/resource'
import { sameValue, type ResourceVersionSummary } from '@storageops/contracts/resource-versions'
import { errorMessage } from '../../lib/error-message.ts'
import { useResourceVersion, useResourceVersions, useRestoreResourceVersion } from '../../lib/resource-queries.ts'
import { showToast } from '../../lib/toast.ts'
import { confirmAction } from './confirm-delete.tsx'
import { FormError } from './form-error.tsx'
import { SectionCard } from './section-card.tsx'
import { SkeletonRows } from './skeleton-rows.tsx'

type Key = string | number
type Stored = Parameters<typeof formatFieldValue>[1]

const ACTIONS: Record<ResourceVersionSummary['action'], string> = {
  baseline: 'Before history',
  create: 'Created',
  update: 'Edited',
  restore: 'Restored',
  delete: 'Deleted',
}

const labelOf = (fields: readonly FieldDescriptor[], key: string) => {
  const field = fields.find((candidate) => candidate.key === key)
  return field ? fieldLabel(field) : key
}

const asStored = (value: unknown): Stored =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? JSON.stringify(value) : (value as Stored)

/** The words of `before` and `after`, removed ones struck through in red, added ones underlined in green. */
function WordDiff({ before, after, side }: { before: string; after: string; side: 'before' | 'after' }) {
  return (
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {diffWords(before, after).map((part, index) => {
        if (part.removed)
          return side === 'before' ? (
            <Box component="del" key={index} bg="red.1" c="gray.9">
              {part.value}
            </Box>
          ) : null
        if (part.added)
          return side === 'after' ? (
            <Box component="ins" key={index} bg="teal.1" c="gray.9">
              {part.value}
            </Box>
          ) : null
        return <span key={index}>{part.value}</span>
      })}
    </Text>
  )
}

/**
 * The history of a declared resource's record (issue 20): versions newest first, any two compared, Restore writing one
 * back as a new version with `etag` (the record as shown), so a change saved since is not overwritten.
 */
export function ResourceVersions({
  declaration,
  recordKey,
  etag,
  onRestored,
}: {
  declaration: AnyResource
  recordKey: Key
  etag: string | null
  /** After a restore, once the record is read again. */
  onRestored: () => void
}) {
  const versions = useResourceVersions(declaration, recordKey)
  const restore = useRestoreResourceVersion(declaration)
  const [picked, setPicked] = useState<{ older: number | null; newer: number | null }>({ older: null, newer: null })
  const list = versions.data ?? []
  const newer = picked.newer ?? list[0]?.version ?? null
  const older = picked.older ?? list[1]?.version ?? null
  const singular = declaration.labels.singular.toLowerCase()

  const askRestore = (entry: ResourceVersionSummary) =>
    confirmAction({
      title: `Restore version ${entry.version}`,
      message: `The ${singular}'s fields go back to version ${entry.version} (${formatDateTime(entry.created_at)}, ${entry.actor_name}). This is saved as a new version at once; the current values stay in the history.`,
      confirm: 'Restore',
      color: 'harbor',
      onConfirm: () =>
        restore.mutate(
          { key: recordKey, version: entry.version, etag },
          {
            onSuccess: () => {
              setPicked({ older: null, newer: null })
              onRestored()
              showToast(`Version ${entry.version} restored`, 'success')
            },
            onError: (error) =>
              showToast(errorMessage(error, `Version ${entry.version} could not be restored.`), 'error'),
          },
        ),
    })

  const options = list.map((entry) => ({
    value: String(entry.version),
    label: `Version ${entry.version} · ${ACTIONS[entry.action]} · ${formatDateTime(entry.created_at)}`,
  }))

  return (
    <SectionCard title="History" icon={<IconHistory size={20} aria-hidden />}>
      {versions.isPending && <SkeletonRows rows={3} label="Loading history" />}
      {versions.isError && (
        <FormError
          title="The history could not be loaded"
          message={errorMessage(versions.error, versions.error.message)}
          onRetry={() => void versions.refetch()}
        />
      )}
      {versions.data && (
        <Stack gap="lg">
          <Stack gap={0} component="ol" p={0} m={0} aria-label="Versions, newest first" style={{ listStyle: 'none' }}>
            {list.map((entry, index) => (
              <Group
                key={entry.version}
                component="li"
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                py="xs"
                style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-gray-3)' : undefined }}
              >
                <Stack gap={2} miw={0}>
                  <Group gap="xs">
                    <Text fw={600} fz="sm">
                      Version {entry.version}
                    </Text>
                    <Badge variant="light" color={entry.action === 'restore' ? 'grape' : 'gray'} size="sm">
                      {entry.restored_from ? `Restored version ${entry.restored_from}` : ACTIONS[entry.action]}
                    </Badge>
                    {index === 0 && (
                      <Badge variant="outline" size="sm">
                        Current
                      </Badge>
                    )}
                  </Group>
                  <Text fz="sm" c="gray.8">
                    {entry.actor_name} · {formatDateTime(entry.created_at)}
                  </Text>
                  {entry.changed_fields.length > 0 && entry.action !== 'baseline' && (
                    <Text fz="sm" c="gray.8">
                      Changed: {entry.changed_fields.map((key) => labelOf(declaration.fields, key)).join(', ')}
                    </Text>
                  )}
                </Stack>
                {index > 0 && entry.action !== 'delete' && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => askRestore(entry)}
                    disabled={restore.isPending}
                    aria-label={`Restore version ${entry.version}`}
                    style={{ flexShrink: 0 }}
                  >
                    Restore
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
          {list.length < 2 ? (
            <Text fz="sm" c="gray.7">
              Only one version so far: a comparison needs two.
            </Text>
          ) : (
            <Stack gap="sm">
              <Group gap="sm" align="flex-end">
                <Select
                  label="Compare"
                  data={options}
                  value={older === null ? null : String(older)}
                  onChange={(value) => value && setPicked({ older: Number(value), newer })}
                  allowDeselect={false}
                  w={{ base: '100%', sm: 320 }}
                />
                <Select
                  label="With"
                  data={options}
                  value={newer === null ? null : String(newer)}
                  onChange={(value) => value && setPicked({ older, newer: Number(value) })}
                  allowDeselect={false}
                  w={{ base: '100%', sm: 320 }}
                />
              </Group>
              {older !== null && newer !== null && (
                <VersionDiff declaration={declaration} recordKey={recordKey} older={older} newer={newer} />
              )}
            </Stack>
          )}
        </Stack>
      )}
    </SectionCard>
  )
}

function VersionDiff({
  declaration,
  recordKey,
  older,
  newer,
}: {
  declaration: AnyResource
  recordKey: Key
  older: number
  newer: number
}) {
  const before = useResourceVersion(declaration, recordKey, older)
  const after = useResourceVersion(declaration, recordKey, newer)
  if (before.isError || after.isError)
    return <FormError message={errorMessage(before.error ?? after.error, 'The versions could not be loaded.')} />
  if (!before.data || !after.data) return <SkeletonRows rows={3} label="Loading the comparison" />
  const fields = declaration.fields.filter(
    (field) => !sameValue(before.data.data[field.key], after.data.data[field.key]),
  )
  if (fields.length === 0)
    return (
      <Text fz="sm" c="gray.7">
        Versions {older} and {newer} hold the same values.
      </Text>
    )
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table
        verticalSpacing="xs"
        aria-label={`Differences between versions ${older} and ${newer}`}
        style={{ tableLayout: 'fixed' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="20%">Field</Table.Th>
            <Table.Th>Version {older}</Table.Th>
            <Table.Th>Version {newer}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const was = formatFieldValue(field, asStored(before.data.data[field.key]))
            const is = formatFieldValue(field, asStored(after.data.data[field.key]))
            return (
              <Table.Tr key={field.key}>
                <Table.Th scope="row" fw={600} fz="sm">
                  {fieldLabel(field)}
                </Table.Th>
                <Table.Td>
                  <WordDiff before={was} after={is} side="before" />
                </Table.Td>
                <Table.Td>
                  <WordDiff before={was} after={is} side="after" />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
