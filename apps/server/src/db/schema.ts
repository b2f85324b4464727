/** All tables, for Drizzle's relational queries and drizzle-kit. One file per area under schema/. */
export * from './schema/identity.ts'
export * from './schema/facilities.ts'
export * from './schema/audit.ts'
export * from './schema/tasks.ts'
export * from './schema/settings.ts'
export * from './schema/publish.ts'
export * from './schema/sign-in.ts'
export * from './schema/brand-reports.ts'
