import react from '@vitejs/plugin-react'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants } from 'node:zlib'
import { defineConfig, type Rolldown } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { fieldShellFiles } from './field-shell.ts'
import { prerenderLogin } from './prerender-login.ts'
import { EARLY_DATA, startEarlyData } from './src/lib/early-data.ts'
import { holdSubmitScript } from './src/lib/prerendered-login.ts'

const BASE_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Badge',
  'Box',
  'Button',
  'Card',
  'Center',
  'CloseButton',
  'Code',
  'Container',
  'Divider',
  'Flex',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'PasswordInput',
  'SimpleGrid',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
  'VisuallyHidden',
]
const BASE_UI = new RegExp(
  `node_modules[\\\\/](react-router|@tanstack[\\\\/](react-query|query-core)|@mantine[\\\\/]hooks|clsx|@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|components[\\\\/](${BASE_COMPONENTS.join('|')}))[\\\\/])`,
)
// Vite's helper for lazy imports: in ui-base, which every page loads anyway, instead of a tiny request of its own.
const PRELOAD_HELPER = /^\0vite\/preload-helper\.js$/
// The small app modules both apps' sign-in pages share (HTTP client, stored session, sign-in frame and form, the
// message page, the routers' error page, with the icons they show; the page tables and exact matching both routers
// use): one chunk instead of twelve, since on a phone's slow link each request costs a round trip (issue 17, 30).
const APP_CORE =
  /[\\/]src[\\/](field-pages\.ts|lib[\\/](api|session|exact-routes)\.ts|features[\\/]identity[\\/](use-stored-session|next-path)\.ts|components[\\/]ui[\\/](app-brand|form-error|message-page|route-error|sign-in-frame|sign-in-form)\.tsx)$/
const MORE_UI =
  /node_modules[\\/](@mantine[\\/](core|modals)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/
// The toasts' own parts (Mantine's Notification, react-transition-group for @mantine/notifications) load with the
// first toast (app/toasts.tsx), not with every page's `ui` (issue 17).
const TOAST_PARTS =
  /node_modules[\\/](react-transition-group|@mantine[\\/]core[\\/]esm[\\/]components[\\/]Notification)[\\/]/
// Mantine's form inputs and the components only some pages show (the unit map's disclosure, the admin console's tabs,
// grids and tooltips): only the pages that show them load them (issue 17: ≈31 KiB brotli that Task Overview and
// facility detail, which show none, loaded in `ui`). The few files `ui` components use stay in `ui` (Menu's check and
// radio marks and submenu chevron, NativeSelect's chevron, Combobox's classes and data parser), as do NativeSelect and
// Table (Task Overview's sort picker and desk table) and ColorSwatch (the dashboard charts' legend).
const FORM_COMPONENTS = [
  'Autocomplete',
  'Checkbox',
  'Combobox',
  'MultiSelect',
  'NumberInput',
  'Pagination',
  'Pill',
  'PillsInput',
  'Progress',
  'Radio',
  'SegmentedControl',
  'Select',
  'Switch',
  'TagsInput',
  'Textarea',
]
const OCCASIONAL_COMPONENTS = [
  'Accordion',
  'AspectRatio',
  'Fieldset',
  'FileInput',
  'FloatingIndicator',
  'Grid',
  'List',
  'Tabs',
  'Tooltip',
  'Typography',
]
const PAGE_COMPONENTS = [...FORM_COMPONENTS, ...OCCASIONAL_COMPONENTS]
const UI_MORE = new RegExp(
  `node_modules[\\\\/](react-number-format|react-textarea-autosize|@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${PAGE_COMPONENTS.join('|')})[\\\\/](?!CheckIcon\\.|RadioIcon\\.|AccordionChevron\\.|Combobox\\.module\\.|ComboboxChevron[\\\\/]|get-parsed-combobox-data[\\\\/]))`,
)
const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g
/** Whether an app module's own code imports one of those components. */
const importsPageComponent = (code: string | null) =>
  [...(code ?? '').matchAll(MANTINE_IMPORT)].some((match) =>
    match[1]!.split(',').some((name) => PAGE_COMPONENTS.includes(name.trim().split(/\s+/)[0]!)),
  )

let outDir = 'dist'

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url))
const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url))
const ROUTES = source('app/routes/')
const FIELD_ROUTES = source('app/routes/field/field-routes.tsx')
const FIELD_LAYOUT = source('app/routes/field/field-layout.tsx')
// What the entry and both sign-in pages load stays where it is (index, ui-base, app-core, the app chunks).
const FIRST_PAGE_ROOTS = [
  'main.tsx',
  'app/field-app.tsx',
  'app/admin-app.tsx',
  'app/routes/field/login.tsx',
  'app/routes/admin/login-page.tsx',
].map(source)

/** The modules `roots` import, themselves included; lazy imports too when `lazy`. */
function closure(ctx: Rolldown.ChunkingContext, roots: string[], lazy: boolean): Set<string> {
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id)) return
    const info = ctx.getModuleInfo(id)
    if (!info) return
    seen.add(id)
    info.importedIds.forEach(visit)
    if (lazy) info.dynamicallyImportedIds.forEach(visit)
  }
  roots.forEach(visit)
  return seen
}

let signedInShared: Map<string, string> | null = null
const isLibrary = (id: string) => id.includes('node_modules') || id.startsWith('\0')
/**
 * The app's own modules a signed-in field page needs besides its page module: the field layout and what it imports,
 * and what two field pages, or a field page and the admin console, import. One `field-shared` chunk (`app-shared`
 * for those the admin console imports too) instead of ≈20 chunks of a few hundred bytes: on "Slow 4G" each costs a
 * round trip and HTTP/1.1 runs six at a time (issue 17). A module that brings a library the layout does not load
 * (tables, virtual lists) stays with the pages that use it.
 */
function signedInChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (!signedInShared) {
    const firstPages = closure(ctx, FIRST_PAGE_ROOTS, false)
    const admin = closure(ctx, [source('app/admin-app.tsx')], true)
    const layout = closure(ctx, [FIELD_LAYOUT], false)
    const loaded = new Set([...firstPages, ...layout])
    const pageCount = new Map<string, number>()
    for (const page of ctx.getModuleInfo(FIELD_ROUTES)?.dynamicallyImportedIds ?? []) {
      if (page === FIELD_LAYOUT) continue
      for (const module of closure(ctx, [page], false)) pageCount.set(module, (pageCount.get(module) ?? 0) + 1)
    }
    signedInShared = new Map()
    for (const module of new Set([...layout, ...pageCount.keys()])) {
      if (firstPages.has(module) || (isLibrary(module) && !layout.has(module))) continue
      const pages = pageCount.get(module) ?? 0
      if (!layout.has(module) && pages < 2 && !(pages === 1 && admin.has(module))) continue
      const dependencies = [...closure(ctx, [module], false)]
      if (dependencies.some((dependency) => isLibrary(dependency) && !loaded.has(dependency))) continue
      if (
        dependencies.some(
          (dependency) => !isLibrary(dependency) && importsPageComponent(ctx.getModuleInfo(dependency)!.code),
        )
      )
        continue
      signedInShared.set(module, admin.has(module) ? 'app-shared' : 'field-shared')
    }
  }
  return signedInShared.get(id) ?? null
}

const ADMIN_APP = source('app/admin-app.tsx')
const ADMIN_SHELL = source('app/routes/admin/admin-shell.tsx')
let adminGroups: Map<string, string> | null = null
/**
 * The admin console's own modules (none the field tool may load) in two chunks instead of ≈20 of a few KiB (issue
 * 30: on "Slow 4G" each costs a round trip, six at a time): `admin-app`, the app with what it imports; `admin-shared`,
 * the signed-in console's frame with what it imports and what two of its screens import. A module that brings a
 * library the frame does not load (the markdown editor's) stays with the screens that use it.
 */
function adminChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (!adminGroups) {
    const field = closure(ctx, [source('app/field-app.tsx')], true)
    const app = closure(ctx, [ADMIN_APP], false)
    const frame = closure(ctx, [ADMIN_SHELL], false)
    const firstPages = closure(ctx, FIRST_PAGE_ROOTS, false)
    const loaded = new Set([...firstPages, ...frame])
    const screens = [...app].flatMap((module) => ctx.getModuleInfo(module)?.dynamicallyImportedIds ?? [])
    const screenCount = new Map<string, number>()
    for (const screen of new Set(screens)) {
      if (screen === ADMIN_SHELL) continue
      for (const module of closure(ctx, [screen], false)) screenCount.set(module, (screenCount.get(module) ?? 0) + 1)
    }
    adminGroups = new Map()
    for (const module of new Set([...app, ...frame, ...screenCount.keys()])) {
      if (isLibrary(module) || field.has(module)) continue
      if (app.has(module)) {
        adminGroups.set(module, 'admin-app')
        continue
      }
      if (firstPages.has(module) || (!frame.has(module) && (screenCount.get(module) ?? 0) < 2)) continue
      const dependencies = [...closure(ctx, [module], false)]
      if (dependencies.some((dependency) => isLibrary(dependency) && !loaded.has(dependency))) continue
      adminGroups.set(module, 'admin-shared')
    }
  }
  return adminGroups.get(id) ?? null
}

export default defineConfig({
  plugins: [
    react(),
    { name: 'out-dir', configResolved: (config) => void (outDir = config.build.outDir) },
    // The page's data requests start from the HTML, beside its modules, and a Login pressed on the prerendered login
    // is sent by the page for the app (issue 17); the server allows the script by its hash in the Content-Security-Policy.
    {
      name: 'early-data',
      apply: 'build',
      // Right after the charset, before any stylesheet: an inline script waits for the stylesheets above it.
      transformIndexHtml: (html) =>
        html.replace(
          /<meta charset="UTF-8" \/>/,
          (charset) =>
            `${charset}\n    <script>(${startEarlyData.toString()})(${JSON.stringify(EARLY_DATA)});${holdSubmitScript()}</script>`,
        ),
    },
    prerenderLogin(),
    // Which chunk holds each route module: one merged into a shared chunk (the field layout, in `field-shared`) has no
    // manifest entry of its own, and the server preloads a page's chunks with its HTML.
    {
      name: 'module-chunks',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks: Record<string, string> = {}
        for (const output of Object.values(bundle))
          if (output.type === 'chunk')
            for (const id of output.moduleIds)
              if (id.startsWith(ROUTES)) chunks[path.relative(WEB_ROOT, id).split(path.sep).join('/')] = output.fileName
        this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(chunks) })
      },
    },
    // The field tool installs and opens offline (issue 19, decision 019): its shell is precached, never the
    // admin console's chunks; a new release waits until the user reloads from the prompt.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Snapshot · StorageOps',
        short_name: 'Snapshot',
        description: 'Harbor Point field tool: facilities, gate codes and maintenance tasks',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1c5d99',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Shows Web Push notifications and opens their task (issue 19).
        importScripts: ['push-handler.js'],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['**/node_modules/**', '.vite/**'],
        manifestTransforms: [
          (entries) => {
            const shell = fieldShellFiles(outDir)
            return { manifest: entries.filter((entry) => shell(entry.url)), warnings: [] }
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/img\//, /^\/oidc/, /^\/azure/, /^\/socket\.io/, /^\/notice\//],
        // The field tool's reads, saved per session (lib/offline-cache.ts): network first, the saved answer offline.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              url.pathname.startsWith('/api/') &&
              !/^\/api\/(session|health|docs|auth)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'field-api',
              networkTimeoutSeconds: 8,
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return cachedResponse
                    const headers = new Headers(cachedResponse.headers)
                    headers.set('x-from-cache', '1')
                    return new Response(await cachedResponse.blob(), {
                      status: cachedResponse.status,
                      statusText: cachedResponse.statusText,
                      headers,
                    })
                  },
                },
              ],
            },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // Every text file compressed once at build time, at the highest levels; the server sends the
    // .br or .gz beside a file as the client accepts (issue 17).
    compression({
      include: /\.(html|js|mjs|css|json|svg|csv|txt|webmanifest)$/,
      exclude: /\.vite\//,
      threshold: 512,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  server: {
    port: 5173,
    allowedHosts: ['.localhost'],
    proxy: { '/api': 'http://127.0.0.1:3000', '/img': 'http://127.0.0.1:3000' },
  },
  // The manifest tells the server which chunks each page needs, to preload them with its HTML.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'ui-base',
              test: (id) => (BASE_UI.test(id) || PRELOAD_HELPER.test(id)) && !id.endsWith('.css'),
              priority: 3,
            },
            // Icons the sign-in pages use come with app-core (above); the rest in one chunk, not one request each.
            { name: 'app-core', test: (id) => APP_CORE.test(id), priority: 2 },
            { name: 'icons', test: (id) => /node_modules[\\/]@tabler[\\/]/.test(id), priority: 1 },
            {
              name: 'ui-more',
              test: (id) => UI_MORE.test(id) && !id.endsWith('.css'),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'ui',
              test: (id) => MORE_UI.test(id) && !TOAST_PARTS.test(id) && !id.endsWith('.css'),
              priority: 1,
            },
            // Their imports stay where they are: what a first page loads must not move into these chunks.
            { name: signedInChunk, debugName: 'signed-in shared', includeDependenciesRecursively: false },
            { name: adminChunk, debugName: 'admin console', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
})
