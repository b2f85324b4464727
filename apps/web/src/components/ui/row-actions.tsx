import type { ComponentType } from 'react'
import { ActionIcon, Group, Tooltip, type MantineColor } from '@mantine/core'
import { IconEye, IconPencil, IconTrash, type IconProps } from '@tabler/icons-react'

export interface RowAction {
  label: string
  icon: ComponentType<IconProps>
  onClick: () => void
  color?: MantineColor
  disabled?: boolean
  tooltip?: string
}

/** A row's View, Edit, Delete and `extra` icon buttons, named "Edit {subject}"; `deleteDisabled` is the reason why not. */
export function RowActions({
  subject,
  onView,
  onEdit,
  onDelete,
  deleteDisabled,
  extra = [],
  size = 'lg',
  justify = 'flex-end',
}: {
  subject: string
  onView?: () => void
  onEdit?: () => void
  onDelete?: () => void
  deleteDisabled?: string
  extra?: readonly RowAction[]
  size?: 'md' | 'lg'
  justify?: 'flex-end' | 'center'
}) {
  const actions: RowAction[] = [
    ...(onView ? [{ label: 'View', icon: IconEye, onClick: onView }] : []),
    ...(onEdit ? [{ label: 'Edit', icon: IconPencil, onClick: onEdit }] : []),
    ...(onDelete
      ? [
          {
            label: 'Delete',
            icon: IconTrash,
            onClick: onDelete,
            color: 'red',
            disabled: Boolean(deleteDisabled),
            tooltip: deleteDisabled,
          },
        ]
      : []),
    ...extra,
  ]
  return (
    <Group gap={size === 'lg' ? 4 : 2} wrap="nowrap" justify={justify}>
      {actions.map(({ label, icon: Icon, onClick, color = 'gray', disabled, tooltip }) => (
        <Tooltip key={label} label={tooltip ?? label}>
          <ActionIcon
            variant="subtle"
            color={color}
            size={size}
            aria-label={`${label} ${subject}`}
            onClick={onClick}
            disabled={disabled}
          >
            <Icon size={size === 'lg' ? 18 : 16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  )
}
