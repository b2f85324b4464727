import { Select, type SelectProps } from '@mantine/core'
import type { FieldRole } from '@storageops/contracts/identity'
import { ROLE_LABELS, TASK_ROLES } from '@storageops/contracts/task-rules'

const ROLE_OPTIONS = TASK_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))

/** 'Assign to': the field roles a task can be assigned to, by their labels (spec §5), on the task and create screens. */
export function RoleSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: FieldRole | null
  onChange: (role: FieldRole | null) => void
}) {
  return (
    <Select
      label="Assign to"
      placeholder="Choose a role"
      {...props}
      data={ROLE_OPTIONS}
      value={value}
      onChange={(role) => onChange(role as FieldRole | null)}
    />
  )
}
