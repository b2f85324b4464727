import * as oidc from 'openid-client'

export interface Office365Settings {
  issuer: string
  clientId: string
  clientSecret: string
  scopes: string
  /** How HTTP requests to the provider are made; the demo provider is reached inside the process. */
  fetch?: oidc.CustomFetch
}

export interface AuthorizationRequest {
  url: string
  state: string
  nonce: string
  codeVerifier: string
}

export interface VerifiedAccount {
  email: string
  name: string
  subject: string
}

/** The identity provider's answer could not be verified (state, PKCE, issuer, audience, signature, nonce, expiry, missing email). */
export class Office365VerificationError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'Office365VerificationError'
  }
}

export interface Office365Client {
  readonly issuer: string
  createAuthorizationRequest(redirectUri: string): Promise<AuthorizationRequest>
  /** Redeems the code and verifies state, PKCE, iss, aud, signature, nonce and expiry of the ID token. */
  verifyCallback(
    params: Record<string, string>,
    expected: Omit<AuthorizationRequest, 'url'> & { redirectUri: string },
  ): Promise<VerifiedAccount>
}

/** A confidential openid-client relying party (code flow with PKCE); discovery on first use, retried after a failure. */
export function createOffice365Client(settings: Office365Settings): Office365Client {
  let configuration: Promise<oidc.Configuration> | undefined
  const isHttp = new URL(settings.issuer).protocol === 'http:'
  const configure = () =>
    (configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // Plain http only for the demo provider on this machine; a real issuer is https.
        execute: [...(isHttp ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
        timeout: 10,
        ...(settings.fetch ? { [oidc.customFetch]: settings.fetch } : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined
        throw error
      }))

  return {
    issuer: settings.issuer,
    async createAuthorizationRequest(redirectUri) {
      const config = await configure()
      const codeVerifier = oidc.randomPKCECodeVerifier()
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      return { url: url.href, state, nonce, codeVerifier }
    },
    async verifyCallback(params, expected) {
      const config = await configure()
      const currentUrl = new URL(expected.redirectUri)
      for (const [key, value] of Object.entries(params)) currentUrl.searchParams.set(key, value)
      let claims: oidc.IDToken | undefined
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'verification_failed'
        throw new Office365VerificationError(error instanceof Error ? error.message : 'verification failed', code)
      }
      if (!claims) throw new Office365VerificationError('no ID token', 'missing_id_token')
      // Entra ID puts the sign-in name in preferred_username (or upn); the email claim is optional there.
      const email = [claims.email, claims.preferred_username, claims.upn].find(
        (value): value is string => typeof value === 'string' && value.includes('@'),
      )
      if (!email) throw new Office365VerificationError('the ID token has no email', 'missing_email')
      return {
        email: email.trim().toLowerCase(),
        name: typeof claims.name === 'string' ? claims.name : email,
        subject: claims.sub,
      }
    },
  }
}
