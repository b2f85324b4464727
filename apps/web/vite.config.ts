import react from '@vitejs/plugin-react'
import { constants } from 'node:zlib'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

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
  `node_modules[\\\\/](react-router|@tanstack[\\\\/](react-query|query-core)|@mantine[\\\\/]hooks|@tabler|clsx|@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|components[\\\\/](${BASE_COMPONENTS.join('|')}))[\\\\/])`,
)
const MORE_UI =
  /node_modules[\\/](@mantine[\\/]core|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|react-number-format|react-textarea-autosize|react-transition-group)[\\/]/

export default defineConfig({
  plugins: [
    react(),
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
            { name: 'ui-base', test: (id) => BASE_UI.test(id) && !id.endsWith('.css'), priority: 2 },
            { name: 'ui', test: (id) => MORE_UI.test(id) && !id.endsWith('.css'), priority: 1 },
          ],
        },
      },
    },
  },
})
