/**
 * The admin route table of admin-console-part-2 §2, beyond home, Users and User Roles: every path
 * exists in the router behind the permission gate; screens not built yet show 'coming soon'.
 * Paths are exact matches; `{x}` parameters become `:x`.
 */
export const PLANNED_ADMIN_ROUTES: ReadonlyArray<{ path: string; title: string }> = []
