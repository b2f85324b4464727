import type { ReactNode } from 'react'
import { Alert, Button, Code, Grid, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { IconArrowLeft, IconDeviceFloppy, IconSend } from '@tabler/icons-react'
import { Link } from 'react-router'
import {
  COMMUNICATION_MESSAGES,
  UpdateTemplateInput,
  type CommunicationTemplate,
} from '@storageops/contracts/communications'
import {
  isMessageTemplateKey,
  renderTemplatePart,
  templatePartProblem,
  type TemplatePart,
} from '@storageops/contracts/message-templates'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useUpdateTemplate } from '../api/update-template.ts'
import { HtmlPreviewFrame } from './html-preview-frame.tsx'
import { SmsBodyInput } from './sms-body-input.tsx'

type Parts = Record<TemplatePart, string>

/** The preview of a part rendered with the template's sample values, or the reason it cannot be. */
function preview(template: CommunicationTemplate, part: TemplatePart, source: string) {
  if (!isMessageTemplateKey(template.key)) return { text: source, problem: null }
  const problem = templatePartProblem(template.key, part, source)
  if (problem) return { text: null, problem }
  try {
    return { text: renderTemplatePart(part, source, template.sample), problem: null }
  } catch (error) {
    return { text: null, problem: `could not be rendered: ${(error as Error).message}` }
  }
}

/** A batch submitted before a save keeps the text it was submitted with (issue 35): say so while one is going out. */
function SendingNotice({ sending }: { sending: NonNullable<CommunicationTemplate['sending']> }) {
  const batches =
    sending.batches === 1 ? 'A batch of this template is' : `${sending.batches} batches of this template are`
  const left = `${sending.notices_left.toLocaleString('en-US')} ${sending.notices_left === 1 ? 'notice' : 'notices'}`
  return (
    <Alert color="blue" role="status" title="Still going out" icon={<IconSend aria-hidden />}>
      {batches} still going out ({left} left). They keep the text they were submitted with; what you save here applies
      to what is submitted after.
    </Alert>
  )
}

/** Edit Template (spec: admin-console-part-2 §2, §5, §8), with the server's placeholder check as you type. */
export function TemplateEditor({ template }: { template: CommunicationTemplate }) {
  const { form, formError, submit, showServerError, markSaved, changedKeys } = useSchemaForm({
    name: 'communication-template',
    schema: UpdateTemplateInput,
    initialValues: {
      sms_body: template.sms_body,
      email_subject: template.email_subject,
      email_body: template.email_body,
    } satisfies Parts,
  })
  const save = useUpdateTemplate()
  const parts = form.values
  const sms = preview(template, 'sms_body', parts.sms_body)
  const subject = preview(template, 'email_subject', parts.email_subject)
  const body = preview(template, 'email_body', parts.email_body)
  const inputProps = (part: TemplatePart, problem: string | null) => {
    const props = form.getInputProps(part)
    return { ...props, value: parts[part], error: problem ?? (props.error as ReactNode) }
  }

  const send = submit((input, values) =>
    save.mutate(
      { id: template.id, ...input },
      {
        onSuccess: () => {
          markSaved(values)
          showToast(COMMUNICATION_MESSAGES.templateSaved, 'success')
        },
        onError: (error) => {
          showServerError(error, error.message)
          showToast(errorMessage(error, error.message), 'error')
        },
      },
    ),
  )

  return (
    <form onSubmit={send} noValidate>
      <UnsavedChangesGuard changed={save.isPending ? 0 : changedKeys.length} noun="field" />
      <Stack gap="lg">
        <PageHeader
          title="Edit Template"
          breadcrumbs={[
            { label: 'Communication Templates', to: '/communication-templates' },
            { label: template.template_name },
          ]}
        />
        {template.sending && <SendingNotice sending={template.sending} />}
        <FormError message={formError} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <TextInput label="Template Name" value={template.template_name} readOnly variant="filled" />
              <SmsBodyInput {...inputProps('sms_body', sms.problem)} />
              <TextInput label="Email Subject" withAsterisk {...inputProps('email_subject', subject.problem)} />
              <Textarea
                label="Email Body"
                description="HTML. Values of placeholders are escaped."
                withAsterisk
                {...inputProps('email_body', body.problem)}
                autosize
                minRows={10}
                maxRows={24}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              />
              <Paper withBorder p="sm" radius="md">
                <Text fz="sm" fw={600} mb={4}>
                  Placeholders
                </Text>
                <Group gap={6}>
                  {template.placeholders.map((placeholder) => (
                    <Code key={placeholder}>{`{{ ${placeholder} }}`}</Code>
                  ))}
                </Group>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <Title order={2} fz="h4">
                Preview
              </Title>
              <Text fz="sm" c="gray.7">
                With sample values. Subject: <strong>{subject.text ?? '—'}</strong>
              </Text>
              <HtmlPreviewFrame html={body.text ?? ''} title="Email body preview" />
              <Paper withBorder p="sm" radius="md" bg="gray.0">
                <Text fz="xs" c="gray.7" mb={2}>
                  SMS
                </Text>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {sms.text || '—'}
                </Text>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group justify="space-between">
          <Button
            component={Link}
            to="/communication-templates"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={Boolean(sms.problem || subject.problem || body.problem)}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
