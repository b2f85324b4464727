import { Avatar, Badge } from '@mantine/core'
import type { FieldRole } from '@storageops/contracts/identity'
import { ROLE_BADGES, ROLE_LABELS, initialsOf, roleAbbreviation } from '@storageops/contracts/task-rules'

/** A role badge in the role's colour with its initials (spec §2 "Role badges"). */
export function RoleBadge({ role, size = 'md' }: { role: FieldRole; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={ROLE_BADGES[role].hex}
      variant="filled"
      radius="sm"
      size={size}
      title={ROLE_LABELS[role]}
      data-role={role}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {roleAbbreviation(role)}
    </Badge>
  )
}

/** A person in their role's colour with the first two initials of their name or email (activity entries). */
export function PersonBadge({ name, role }: { name: string; role: FieldRole }) {
  return (
    <Avatar
      radius="xl"
      size={32}
      color={ROLE_BADGES[role].hex}
      variant="filled"
      title={`${name} · ${ROLE_LABELS[role]}`}
      aria-hidden
      style={{ flexShrink: 0 }}
    >
      {initialsOf(name)}
    </Avatar>
  )
}
