import type { FocusEventHandler, ReactNode } from 'react'
import { Checkbox, NumberInput, PasswordInput, Select, TagsInput, TextInput, Textarea } from '@mantine/core'
import { fieldLabel, type FieldDescriptor, type FieldValue } from '@storageops/contracts/fields'
import { TIME_ZONES, timeZoneLabel } from '@storageops/contracts/time-zones'
import { MarkdownEditor } from './markdown-editor.tsx'

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]
const TIME_ZONE_OPTIONS = TIME_ZONES.map((zone) => ({ value: zone.code, label: timeZoneLabel(zone.code) }))

/** What a read-only field says under its label. */
const READ_ONLY_NOTE = 'Set when the record was created; it cannot be changed.'

const asText = (value: FieldValue | undefined) => (typeof value === 'string' ? value : '')
const asNumber = (value: FieldValue | undefined) => (typeof value === 'number' ? value : '')

/** The one input for a field descriptor, by its kind; takes `{...form.getInputProps(key)}`. `hideLabel`: screen readers only. */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  disabled,
  readOnly,
  placeholder = field.placeholder,
  hideLabel,
  onFocus,
  onBlur,
  'data-path': dataPath,
}: {
  field: FieldDescriptor
  value?: FieldValue
  onChange: (value: FieldValue) => void
  error?: ReactNode
  disabled?: boolean
  readOnly?: boolean
  placeholder?: string
  hideLabel?: boolean
  onFocus?: FocusEventHandler
  onBlur?: FocusEventHandler
  'data-path'?: string
}) {
  const label = fieldLabel(field)
  // Read-only looks read-only (filled, no asterisk) and says why (issue 18): it looked like a field one could type in.
  const common = {
    label: hideLabel ? undefined : label,
    'aria-label': hideLabel ? label : undefined,
    withAsterisk: field.required && !readOnly,
    description: readOnly ? READ_ONLY_NOTE : field.description,
    error,
    disabled,
    readOnly,
    variant: readOnly ? 'filled' : undefined,
    placeholder,
    onFocus,
    onBlur,
    'data-path': dataPath,
  }
  const onText = (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value)
  const number = {
    ...common,
    value: asNumber(value),
    onChange: (next: number | string) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number(next)),
    min: field.min,
    max: field.max,
    clampBehavior: 'none' as const,
  }

  switch (field.kind) {
    case 'flag':
      return (
        <Checkbox
          label={label}
          description={field.description}
          error={error}
          disabled={disabled || readOnly}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onFocus={onFocus}
          onBlur={onBlur}
          data-path={dataPath}
          mt="md"
        />
      )
    case 'yes-no':
    case 'select':
    case 'time-zone':
      return (
        <Select
          {...common}
          data={
            field.kind === 'yes-no' ? YES_NO : field.kind === 'time-zone' ? TIME_ZONE_OPTIONS : (field.options ?? [])
          }
          value={asText(value) || null}
          onChange={(next) => onChange(next ?? '')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={asText(value)}
          onChange={onText}
          autosize
          minRows={3}
          maxRows={14}
          maxLength={field.max}
          styles={field.minHeight ? { input: { minHeight: field.minHeight } } : undefined}
        />
      )
    case 'markdown':
      return (
        <MarkdownEditor
          label={label}
          description={field.description}
          error={error}
          required={field.required}
          minHeight={field.minHeight}
          value={asText(value)}
          onChange={onChange}
          inputProps={{ onFocus, onBlur, 'data-path': dataPath, readOnly, disabled }}
        />
      )
    case 'integer':
      return <NumberInput {...number} allowDecimal={false} />
    case 'number':
      return <NumberInput {...number} />
    case 'percent':
      return (
        <NumberInput
          {...number}
          min={field.min ?? 0}
          max={field.max ?? 100}
          suffix="%"
          decimalScale={2}
          allowNegative={false}
        />
      )
    case 'coordinate':
      return <NumberInput {...number} decimalScale={6} hideControls />
    case 'password':
    case 'secret':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': `Show ${label}` }}
          value={asText(value)}
          onChange={onText}
        />
      )
    case 'tags':
      return (
        <TagsInput
          {...common}
          placeholder={placeholder ?? 'Type and press Enter'}
          value={Array.isArray(value) ? [...(value as readonly string[])] : []}
          onChange={onChange}
        />
      )
    case 'gate-code':
      return (
        <TextInput
          {...common}
          // A phone's telephone keypad has the * and # of the keypad form (decision 023).
          inputMode="tel"
          value={asText(value)}
          onChange={onText}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      )
    default:
      return (
        <TextInput
          {...common}
          type={INPUT_TYPES[field.kind] ?? 'text'}
          autoComplete="off"
          maxLength={field.kind === 'date' ? undefined : field.max}
          value={asText(value)}
          onChange={onText}
        />
      )
  }
}

const INPUT_TYPES: Partial<Record<FieldDescriptor['kind'], string>> = {
  email: 'email',
  url: 'url',
  phone: 'tel',
  date: 'date',
}
