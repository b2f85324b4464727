import { StrictMode, Suspense, lazy } from 'react'
import { createRoot } from 'react-dom/client'
import { appForHost } from '@storageops/contracts/hosts'
import { AppProviders } from './app/providers.tsx'
import { PageLoader } from './components/ui/page-loader.tsx'
import '@mantine/core/styles.css'
import './app/readable-dimmed.css'

// Each app is its own chunk: the field tool never downloads admin code, and the reverse.
const FieldApp = lazy(() => import('./app/field-app.tsx'))
const AdminApp = lazy(() => import('./app/admin-app.tsx'))

const app = appForHost(window.location.host)
document.title = app === 'field' ? 'Snapshot · StorageOps' : 'Admin · StorageOps'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders app={app}>
      <Suspense fallback={<PageLoader />}>{app === 'field' ? <FieldApp /> : <AdminApp />}</Suspense>
    </AppProviders>
  </StrictMode>,
)
