import { useParams } from 'react-router'
import { COMMUNICATION_MESSAGES } from '@storageops/contracts/communications'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useNotFoundRedirect } from '../../../components/ui/not-found-redirect.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { isNotFound } from '../../../lib/api.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { useTemplate } from '../../../features/communications/api/get-template.ts'
import { TemplateEditor } from '../../../features/communications/components/template-editor.tsx'

/** /communication-templates/{id} (spec: admin-console-part-2 §2, §8): 'Template not found' then back to the list. */
export function CommunicationTemplateEditPage() {
  const id = Number(useParams().id)
  const isValidId = Number.isInteger(id) && id > 0 && id <= 2_147_483_647
  const template = useTemplate(isValidId ? id : 0)
  useNotFoundRedirect(
    !isValidId || isNotFound(template.error) ? COMMUNICATION_MESSAGES.templateNotFound : null,
    '/communication-templates',
  )
  if (template.data) return <TemplateEditor key={template.data.id} template={template.data} />
  if (template.error && !isNotFound(template.error))
    return (
      <FormError
        message={errorMessage(template.error, 'Something went wrong.')}
        title="The template could not be loaded"
        onRetry={() => void template.refetch()}
      />
    )
  return <PageLoader label="Loading template…" />
}
