import { renderToStaticMarkup } from 'react-dom/server'
import { FieldLoginScreen } from '../features/identity/components/field-login-form.tsx'
import { AppProviders } from './providers.tsx'

/** The field login screen as HTML, rendered by the build for /login (vite.config.ts, decision 010). */
export function renderFieldLogin(): string {
  return renderToStaticMarkup(
    <AppProviders app="field">
      <FieldLoginScreen />
    </AppProviders>,
  )
}
