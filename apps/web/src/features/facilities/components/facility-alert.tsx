import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'

/** A facility's standing alert with an alert icon (spec: snapshot-field-tool §2 "facility_alerts"). */
export function FacilityAlert({ text }: { text: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title="Facility alert"
      icon={<IconAlertTriangle role="img" aria-label="Alert" />}
      radius="md"
      // Orange text on the light orange ground is below 4.5:1; the icon and ground carry the colour.
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      {text}
    </Alert>
  )
}
