import { Stack, Text } from '@mantine/core'
import { useNavigate } from 'react-router'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { RowActions } from '../../../components/ui/row-actions.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useTemplates } from '../api/get-templates.ts'
import { TemplateStatus } from './template-status.tsx'

/** Communication Templates (spec: admin-console-part-2 §2): #, Template Name, Status, Edit. */
export function TemplateList() {
  const templates = useTemplates()
  const navigate = useNavigate()
  const edit = (id: number) => void navigate(`/communication-templates/${id}`)
  return (
    <Stack gap="lg">
      <PageHeader
        title="Communication Templates"
        description="The emails and texts the product sends. A template turns Issue when it cannot be rendered or its recent sends fail."
      />
      {templates.isPending && <SkeletonRows label="Loading templates…" rows={4} />}
      <FormError
        message={templates.isError && errorMessage(templates.error, 'Please try again.')}
        title="The templates could not be loaded"
        onRetry={() => void templates.refetch()}
      />
      {templates.data && (
        <ResponsiveTable
          label="Communication templates"
          rows={templates.data}
          rowKey={(template) => template.id}
          minWidth={560}
          empty="No templates."
          columns={[
            { key: 'id', header: '#', cell: (template) => template.id },
            { key: 'name', header: 'Template Name', cell: (template) => template.template_name },
            { key: 'status', header: 'Status', cell: (template) => <TemplateStatus template={template} /> },
          ]}
          actions={(template) => <RowActions subject={template.template_name} onEdit={() => edit(template.id)} />}
          card={(template) => (
            <Stack gap={6}>
              <Text fw={600}>
                #{template.id} {template.template_name}
              </Text>
              <TemplateStatus template={template} />
            </Stack>
          )}
        />
      )}
    </Stack>
  )
}
