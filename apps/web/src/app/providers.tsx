import { Suspense, lazy, type ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { AppName } from '@storageops/contracts/hosts'
import { retryOnce } from '../lib/api.ts'
import { useToastsWanted } from '../lib/toast.ts'
import { theme } from './theme.ts'

const Toasts = lazy(() => import('./toasts.tsx'))

export const queryClient = new QueryClient({
  // offlineFirst: a read is tried once without a network, so the service worker can answer it (issue 19).
  defaultOptions: {
    queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
  },
})

/** The app's theme, data client and toasts (app/toasts.tsx: where they sit), whose host loads with the first toast. */
export function AppProviders({ app, children }: { app: AppName; children: ReactNode }) {
  const toastsWanted = useToastsWanted()
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts app={app} />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  )
}
