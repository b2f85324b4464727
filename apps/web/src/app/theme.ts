import { createTheme } from '@mantine/core'
import type { CalendarAriaLabels } from '@mantine/dates'
import calendar from './calendar.module.css'

/** Names of a calendar's header buttons (Mantine leaves them unnamed). */
const CALENDAR_ARIA_LABELS: CalendarAriaLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
}
const calendarTheme = { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS }, classNames: { day: calendar.day } }

/**
 * The one Mantine theme of both apps. Filled colours (badges, buttons, icons, indicators) take black or white text
 * by WCAG's luminance split (0.179, where both contrasts are equal), the unit map's status colours too: Mantine's
 * default is always white, which is under 4.5:1 on mid-tone shades (yellow, lime, teal, green, orange).
 */
export const theme = createTheme({
  primaryColor: 'harbor',
  colors: {
    harbor: [
      '#e8f1fa',
      '#d0e1f2',
      '#a1c3e6',
      '#6ea3d9',
      '#4488ce',
      '#2a77c7',
      '#1c6cc4',
      '#125cad',
      '#05509b',
      '#00448a',
    ],
  },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  autoContrast: true,
  luminanceThreshold: 0.179,
  components: { DatePickerInput: calendarTheme, DateInput: calendarTheme, DatePicker: calendarTheme },
})
