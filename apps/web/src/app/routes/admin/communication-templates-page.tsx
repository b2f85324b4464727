import { TemplateList } from '../../../features/communications/components/template-list.tsx'

/** /communication-templates (spec: admin-console-part-2 §2). */
export function CommunicationTemplatesPage() {
  return <TemplateList />
}
