/** The FAQ page's shared rule (spec: admin-console-part-2 §2, §6), zod-free for the screens. */

/** New, edit and delete on /faq: a superadmin, or a role whose allowed pages list /faq itself. */
export function canManageFaq(role: { superadmin: boolean; allowed_pages: readonly string[] } | null | undefined) {
  return Boolean(role && (role.superadmin || role.allowed_pages.includes('/faq')))
}
