import { StrictMode, Suspense, lazy, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { appForHost } from '@storageops/contracts/hosts'
import { AppProviders } from './app/providers.tsx'
import { PageLoader } from './components/ui/page-loader.tsx'
import { loginPathFor } from './features/identity/next-path.ts'
import { applyDeferredStyles, capturePrerenderedLogin } from './lib/prerendered-login.ts'
import '@mantine/core/styles.css'
import './app/readable-dimmed.css'

// Each app is its own chunk: the field tool never downloads admin code, and the reverse.
const FieldApp = lazy(() => import('./app/field-app.tsx'))
const AdminApp = lazy(() => import('./app/admin-app.tsx'))

const app = appForHost(window.location.host)
document.title = app === 'field' ? 'Snapshot · StorageOps' : 'Admin · StorageOps'
const root = createRoot(document.getElementById('root')!)
const render = (App: ComponentType) =>
  root.render(
    <StrictMode>
      <AppProviders app={app}>
        <Suspense fallback={<PageLoader />}>
          <App />
        </Suspense>
      </AppProviders>
    </StrictMode>,
  )

// A signed-out user sees the login the build prerendered into the page (decision 010): the app renders once the
// login page's code is in, replacing it in one commit with the same screen (no loader in between).
if (app === 'field' && capturePrerenderedLogin()) {
  const { pathname, search, hash } = window.location
  if (pathname !== '/login')
    window.history.replaceState(window.history.state, '', loginPathFor(pathname + search + hash))
  void Promise.all([import('./app/field-app.tsx'), applyDeferredStyles()]).then(async ([module]) => {
    await module.fieldRouterReady()
    render(module.default)
  })
} else void applyDeferredStyles().then(() => render(app === 'field' ? FieldApp : AdminApp))
