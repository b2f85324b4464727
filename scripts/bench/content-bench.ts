import { pathToFileURL } from 'node:url'
import { and, eq, sql } from 'drizzle-orm'
import { blogs, resourceVersions, users } from '../../apps/server/src/db/schema.ts'
import { blogStore } from '../../apps/server/src/features/content/content-resources.ts'
import { createResource, updateResource } from '../../apps/server/src/lib/resource-service.ts'
import { toAdminUser } from '../../apps/server/src/lib/session.ts'
import { describe, loadSetup, measure, type AutocannonResult } from './http-load.ts'
import { withSeededServer } from './seeded-server.ts'

const DURATION_SECONDS = 5
const VERSIONS = 200
const RECOMPUTES = 100

/** A 304 is the answer asked for: not a failure. */
const as304 = (result: AutocannonResult) => ({ ...result, non2xx: result.non2xx - result['3xx'] })

/** ~6 kB of markdown, different at each version. */
const bodyOf = (version: number) =>
  `## Version ${version}\n\n${Array.from({ length: 60 }, (_, line) => `- line ${line} of version ${version}: pack heavy boxes low`).join('\n')}`

/** Issue 20: the public content API beside hello-world (304, from memory, recomputed) and a 200-version blog. */
export async function runContentBench(): Promise<string[]> {
  return withSeededServer(1, 'csagent', async ({ db, base, helloUrl }) => {
    const lines: string[] = []
    const list = `${base}/api/public/states`
    const one = `${base}/api/public/pages/about-us`
    const first = await fetch(list, { headers: { 'accept-encoding': 'br, gzip' } })
    const etag = first.headers.get('etag')!
    const size = (await first.arrayBuffer()).byteLength
    const single = await fetch(one)
    const singleEtag = single.headers.get('etag')!

    // Warm-up, not reported: the first route under load otherwise pays for the JIT and fresh connections.
    await measure(list, 2)
    const baseline = await measure(helloUrl, DURATION_SECONDS)
    lines.push(loadSetup(DURATION_SECONDS))
    lines.push(describe('bare Fastify hello-world', baseline))
    lines.push(
      describe(
        'GET /api/public/states with a matching If-None-Match (304)',
        as304(await measure(list, DURATION_SECONDS, undefined, { 'if-none-match': etag })),
        baseline,
      ),
    )
    lines.push(
      describe(
        `GET /api/public/states, 56 states from memory (${(size / 1024).toFixed(1)} KiB brotli)`,
        await measure(list, DURATION_SECONDS),
        baseline,
      ),
    )
    lines.push(
      describe(
        'GET /api/public/pages/about-us with a matching If-None-Match (304)',
        as304(await measure(one, DURATION_SECONDS, undefined, { 'if-none-match': singleEtag })),
        baseline,
      ),
    )
    lines.push(describe('GET /api/public/pages/about-us from memory', await measure(one, DURATION_SECONDS), baseline))

    // Uncached: each read follows a content write, so the answer is read, checked, serialised and compressed again.
    let spent = 0
    for (let round = 0; round < RECOMPUTES; round++) {
      await db.execute(sql`update read_versions set version = version + 1 where name = 'content'`)
      const started = performance.now()
      const response = await fetch(list, { headers: { 'accept-encoding': 'br, gzip' } })
      await response.arrayBuffer()
      spent += performance.now() - started
    }
    lines.push(
      `GET /api/public/states right after a content write (recomputed, ${RECOMPUTES} in a row): ${(spent / RECOMPUTES).toFixed(1)} ms each, ≈${Math.round((1000 * RECOMPUTES) / spent)} req/s on one connection`,
    )

    const [row] = await db.select().from(users).where(eq(users.email, 'editor@example.com'))
    const actor = { id: 0, kind: 'admin' as const, user: toAdminUser(row!, null), expiresAt: new Date() }
    const blog = await createResource(
      db,
      blogStore,
      { ...blogStore.declaration.create.parse({ title: 'History', body: bodyOf(1) }) },
      actor,
    )
    const writeStarted = performance.now()
    for (let version = 2; version <= VERSIONS; version++)
      await updateResource(
        db,
        blogStore,
        blog.id,
        blogStore.declaration.update.parse({ ...blog, body: bodyOf(version) }),
        actor,
      )
    const writeMs = (performance.now() - writeStarted) / (VERSIONS - 1)
    const count = await db.$count(
      resourceVersions,
      and(eq(resourceVersions.resource, 'blog'), eq(resourceVersions.record_key, String(blog.id))),
    )
    lines.push(
      `a blog with ${count} versions written through the API's service: ${writeMs.toFixed(1)} ms per versioned save`,
    )

    const signIn = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'admin.localhost' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo' }),
    })
    const { token } = (await signIn.json()) as { token: string }
    const history = `${base}/api/blogs/${blog.id}/versions`
    const historyBody = await (await fetch(history, { headers: { authorization: `Bearer ${token}` } })).text()
    lines.push(
      describe(
        `GET /api/blogs/{id}/versions (${VERSIONS} versions, ${(historyBody.length / 1024).toFixed(1)} KiB)`,
        await measure(history, DURATION_SECONDS, token),
        baseline,
      ),
    )
    lines.push(
      describe(
        'GET /api/blogs/{id}/versions/{n} (one version with its record)',
        await measure(`${history}/100`, DURATION_SECONDS, token),
        baseline,
      ),
    )
    const restoreStarted = performance.now()
    const restored = await fetch(`${history}/1/restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    lines.push(
      `POST …/versions/1/restore on that blog: ${restored.status}, ${(performance.now() - restoreStarted).toFixed(1)} ms`,
    )
    await db.delete(blogs).where(eq(blogs.id, blog.id))
    return lines
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runContentBench()) console.log(line)
}
