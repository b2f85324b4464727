import { renderToStaticMarkup } from 'react-dom/server'
import { SignInButton } from '../components/ui/sign-in-form.tsx'
import { FieldLoginScreen } from '../features/identity/components/field-login-form.tsx'
import { AppProviders } from './providers.tsx'

/**
 * The field login screen as HTML, rendered by the build for /login (vite.config.ts, decision 010), and its Login
 * button's pending look, which the page shows once a Login pressed before the app ran is sent.
 */
export function renderFieldLogin(): { screen: string; pendingButton: string } {
  return {
    screen: renderToStaticMarkup(
      <AppProviders app="field">
        <FieldLoginScreen />
      </AppProviders>,
    ),
    pendingButton: renderToStaticMarkup(
      <AppProviders app="field">
        <SignInButton pending />
      </AppProviders>,
    ),
  }
}
