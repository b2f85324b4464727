import { useId, type ReactNode } from 'react'
import { Card, Group, Title } from '@mantine/core'

/** A card that is a region named by its h2 title. */
export function SectionCard({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="lg" h="100%" bg="white">
      <Group gap="xs" mb="md" wrap="nowrap">
        {icon}
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  )
}
