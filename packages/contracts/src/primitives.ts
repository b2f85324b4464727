import { z } from 'zod'

/** Input types of every request field (issue 12); responses keep plain z.string() / z.number(). */

export const INT4_MAX = 2_147_483_647

/** C0 controls but tab, LF and CR, and DEL: PostgreSQL cannot store NUL, the rest garble logs and screens. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/
export const CONTROL_CHARACTER_MESSAGE = 'Control characters (such as NUL) are not allowed.'

/** z.string() for input: refuses control characters; chain .trim(), .min(), .max(), .regex() as usual. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE)

/** A row id in a JSON body: a whole number from 1 to INT4_MAX. */
export const id = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().min(1).max(INT4_MAX, `Must be at most ${INT4_MAX}.`)

/** A row id in a path, query string or multipart form field: digits read as a number from 1 to INT4_MAX. */
export const idParam = (params?: Parameters<typeof z.coerce.number>[0]) =>
  z.coerce.number(params).int().min(1).max(INT4_MAX, `Must be at most ${INT4_MAX}.`)

/** A whole number of a path, query string or form field (page, offset, …) that an int4 column or LIMIT can take. */
export const intParam = (params?: Parameters<typeof z.coerce.number>[0]) =>
  z.coerce.number(params).int().min(-INT4_MAX).max(INT4_MAX, `Must be at most ${INT4_MAX}.`)
