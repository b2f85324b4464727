import type { FocusEventHandler, ReactNode } from 'react'
import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { SMS_BODY_MAX, smsSegmentInfo } from '@storageops/contracts/sms-segments'

/**
 * The SMS body with the spec's 'n / 160' counter (typing beyond 160 ignored, spec §5) and, beyond it
 * (issue 14), the encoding and segments the text travels in, and an offer to replace the curly quotes and
 * dashes that force UCS-2.
 */
export function SmsBodyInput({
  value,
  onChange,
  error,
  ...input
}: {
  value: string
  onChange: (value: string) => void
  error?: ReactNode
  onFocus?: FocusEventHandler
  onBlur?: FocusEventHandler
  'data-path'?: string
}) {
  const info = smsSegmentInfo(value)
  const fix = info.gsm_fix !== null && info.gsm_fix.length <= SMS_BODY_MAX ? info.gsm_fix : null
  return (
    <Stack gap={4}>
      <Textarea
        label="SMS Body"
        value={value}
        maxLength={SMS_BODY_MAX}
        autosize
        minRows={3}
        error={error}
        {...input}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, SMS_BODY_MAX))}
        description="Placeholders count at their length here; the text sent is the rendered one."
      />
      <Group justify="space-between" gap="xs">
        <Text fz="sm" c="gray.7" aria-live="polite" data-testid="sms-segments">
          {info.encoding} · {info.segments} {info.segments === 1 ? 'segment' : 'segments'} ({info.per_segment} per
          segment)
        </Text>
        <Text fz="sm" fw={600} c={info.characters >= SMS_BODY_MAX ? 'red.9' : 'gray.8'} data-testid="sms-counter">
          {info.characters} / {SMS_BODY_MAX}
        </Text>
      </Group>
      {info.non_gsm.length > 0 && (
        <Group gap="xs" align="center">
          <Text fz="sm" c="orange.9">
            {info.non_gsm.join(' ')} {info.non_gsm.length === 1 ? 'makes' : 'make'} the text UCS-2 (70 characters a
            segment).
          </Text>
          {fix && (
            <Button size="compact-sm" variant="light" color="orange" onClick={() => onChange(fix)}>
              Use plain quotes and dashes
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}
