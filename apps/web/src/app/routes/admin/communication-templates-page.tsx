import { TemplateList } from '../../../features/communications/components/template-list.tsx'

export function CommunicationTemplatesPage() {
  return <TemplateList />
}
