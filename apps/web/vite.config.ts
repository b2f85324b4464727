import react from '@vitejs/plugin-react'
import { constants } from 'node:zlib'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { fieldShellFiles } from './field-shell.ts'

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
// The small app modules both apps' sign-in pages share (HTTP client, stored session, sign-in frame and form): one
// chunk instead of seven, since on a phone's slow link each request costs a round trip (issue 17).
const APP_CORE =
  /[\\/]src[\\/](lib[\\/](api|session)\.ts|features[\\/]identity[\\/](use-stored-session|next-path)\.ts|components[\\/]ui[\\/](app-brand|form-error|sign-in-frame|sign-in-form)\.tsx)$/
const MORE_UI =
  /node_modules[\\/](@mantine[\\/]core|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|react-number-format|react-textarea-autosize|react-transition-group)[\\/]/

let outDir = 'dist'

export default defineConfig({
  plugins: [
    react(),
    { name: 'out-dir', configResolved: (config) => void (outDir = config.build.outDir) },
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
            { name: 'ui', test: (id) => MORE_UI.test(id) && !id.endsWith('.css'), priority: 1 },
          ],
        },
      },
    },
  },
})
