import '@mantine/dates/styles.css'
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates'

/**
 * A date field (Mantine's DatePickerInput) whose calendar popup is named after the field ('Start date calendar'):
 * Mantine labels the popup by an id no element carries. Header buttons and day colours come from the theme.
 */
export function DatePickerField({ label, popoverProps, ...props }: DatePickerInputProps & { label: string }) {
  return (
    <DatePickerInput
      label={label}
      popoverProps={{
        ...popoverProps,
        attributes: { dropdown: { 'aria-labelledby': undefined, 'aria-label': `${label} calendar` } },
      }}
      {...props}
    />
  )
}
