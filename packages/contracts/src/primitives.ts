import { z } from 'zod'

/**
 * The shared input types every request schema builds on (issue 12): text that PostgreSQL and logs can
 * hold, and ids that fit the int4 (`serial`, `integer`) columns they are looked up in. Use them for
 * every body, query and path field; responses keep plain z.string() / z.number().
 */

/** Largest value of a PostgreSQL int4 column (`integer`, `serial`). */
export const INT4_MAX = 2_147_483_647

/**
 * No C0 control character but tab, line feed and carriage return, and no DEL: NUL cannot be stored
 * in a PostgreSQL text column at all, and the others only ever arrive to garble logs, exports and screens.
 */
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
