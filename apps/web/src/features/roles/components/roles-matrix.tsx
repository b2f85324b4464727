import { Badge, Checkbox, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core'
import { ADMIN_PAGES } from '@storageops/contracts/admin-pages'
import type { RoleWithUsers } from '@storageops/contracts/roles'
import { RowActions } from '../../../components/ui/row-actions.tsx'

interface RolesMatrixProps {
  roles: RoleWithUsers[]
  onToggle: (role: RoleWithUsers, page: string, allowed: boolean) => void
  onEdit: (role: RoleWithUsers) => void
  onDelete: (role: RoleWithUsers) => void
}

// The page column stays in view while the roles scroll sideways.
const stickyColumn = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  background: 'var(--mantine-color-white)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
} as const

/** The permission table (spec: admin-console-part-2 §2): pages down and roles across, so page names stay readable. */
export function RolesMatrix({ roles, onToggle, onEdit, onDelete }: RolesMatrixProps) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={130 + roles.length * 120}>
        <Table striped highlightOnHover stickyHeader verticalSpacing={6} aria-label="Role permissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={{ base: 130, sm: 260 }} style={stickyColumn}>
                Admin page
              </Table.Th>
              {roles.map((role) => (
                <Table.Th key={role.id} ta="center" miw={120}>
                  <Stack gap={4} align="center">
                    <Text fw={700} fz="sm" ta="center">
                      {role.name}
                    </Text>
                    <Group gap={4} justify="center">
                      {role.superadmin && (
                        <Badge size="xs" variant="light" color="harbor" c="harbor.9">
                          Superadmin
                        </Badge>
                      )}
                      <Badge size="xs" variant="default">
                        {role.assigned_users} {role.assigned_users === 1 ? 'user' : 'users'}
                      </Badge>
                    </Group>
                    <RowActions
                      subject={role.name}
                      onEdit={() => onEdit(role)}
                      onDelete={() => onDelete(role)}
                      size="md"
                      justify="center"
                    />
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ADMIN_PAGES.map((page) => (
              <Table.Tr key={page.path}>
                <Table.Th scope="row" fw={500} style={stickyColumn}>
                  <Text fz="sm" fw={600}>
                    {page.label}
                  </Text>
                  <Text fz="xs" c="gray.7" ff="monospace" visibleFrom="sm">
                    {page.path}
                  </Text>
                </Table.Th>
                {roles.map((role) => (
                  <Table.Td key={role.id} ta="center">
                    <Tooltip label="Superadmins open every page" disabled={!role.superadmin}>
                      <Checkbox
                        display="inline-block"
                        aria-label={`${role.name}: ${page.label}`}
                        checked={role.superadmin || role.allowed_pages.includes(page.path)}
                        disabled={role.superadmin}
                        onChange={(event) => onToggle(role, page.path, event.currentTarget.checked)}
                      />
                    </Tooltip>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}
