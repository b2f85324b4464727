import { Avatar, Group, Text } from '@mantine/core'
import { initialsOf } from '@storageops/contracts/task-rules'

/** Who is signed in, in an app's header: initials, name and a second line (the role). */
export function SignedInUser({ name, detail }: { name: string; detail: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar color="harbor" radius="xl" size={34} aria-hidden>
        {initialsOf(name)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text fz="sm" fw={600} lh={1.2} truncate>
          {name}
        </Text>
        <Text fz="xs" c="gray.7" lh={1.2} truncate>
          {detail}
        </Text>
      </div>
    </Group>
  )
}
