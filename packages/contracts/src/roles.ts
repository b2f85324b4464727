import { z } from 'zod'
import { id, idParam, text } from './primitives.ts'
import { ADMIN_PAGES, type AdminPagePath } from './admin-pages.ts'
import { Role } from './identity.ts'

/** The User Roles screen's messages, spelled as the spec writes them (admin-console-part-2 §5, §8). */
export const ROLE_MESSAGES = {
  inUse: "You can't delete this role since this role is being used by users.",
  confirmDelete: 'Are you sure you want to delete this role?',
  deleted: 'Role was successfully deleted',
  fetchFailed: 'Error occurred while fetching roles',
  createFailed: 'Error occurred while creating new role',
  requiredName: 'Please fill in all the required fields.',
  duplicateName: 'A role with this name already exists.',
} as const

export const ROLE_PAGE_PATHS = ADMIN_PAGES.map((page) => page.path) as [AdminPagePath, ...AdminPagePath[]]

/** A role as GET /api/roles lists it (spec: admin-console-part-2 §3): with the count of users holding it. */
export const RoleWithUsers = Role.extend({ assigned_users: z.number().int() })
export type RoleWithUsers = z.infer<typeof RoleWithUsers>

const roleName = text({ error: ROLE_MESSAGES.requiredName }).trim().min(1, ROLE_MESSAGES.requiredName).max(100)

export const CreateRoleInput = z.object({ name: roleName })
export type CreateRoleInput = z.infer<typeof CreateRoleInput>

/** PUT /api/roles: the whole role, name and allowed_pages; each page must be one of the admin pages. */
export const UpdateRoleInput = z.object({
  id: id(),
  name: roleName,
  allowed_pages: z
    .array(z.enum(ROLE_PAGE_PATHS as unknown as [string, ...string[]], { error: 'Unknown admin page' }))
    .max(ROLE_PAGE_PATHS.length),
})
export type UpdateRoleInput = z.infer<typeof UpdateRoleInput>

export const DeleteRoleQuery = z.object({ roleId: idParam() })
