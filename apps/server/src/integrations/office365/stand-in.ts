import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { CustomFetch } from 'openid-client'
import { createStandInStore } from './stand-in-store.ts'

export const DEMO_OFFICE365_PASSWORD = 'office-demo'

/** The demo admins, and one address without an account so the 'Email not registered…' banner can be seen. */
export const DEMO_OFFICE365_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Alex Morgan' },
  { email: 'editor@example.com', name: 'Emerson Lowry' },
  { email: 'cs@example.com', name: 'Sage Whitaker' },
  { email: 'stranger@example.com', name: 'Robin Stranger' },
] as const

export const OFFICE365_STAND_IN_PREFIX = '/oidc'

export interface Office365StandIn {
  issuer: string
  clientId: string
  clientSecret: string
  /** Reaches the provider inside this process, so the server never needs to resolve *.localhost. */
  fetch: CustomFetch
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function isLocalHost(hostname: string, issuerHost: string) {
  return (
    hostname === issuerHost ||
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname.endsWith('.localhost')
  )
}

function renderPage(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f3f2f1;font-family:"Segoe UI",system-ui,-apple-system,Roboto,sans-serif;color:#1b1b1b}
  main{background:#fff;width:100%;max-width:420px;box-sizing:border-box;padding:40px 44px;box-shadow:0 2px 6px rgba(0,0,0,.2)}
  .brand{display:flex;align-items:center;gap:8px;font-size:15px;color:#5e5e5e;margin-bottom:16px}
  .tiles{display:grid;grid-template-columns:10px 10px;gap:2px}.tiles span{width:10px;height:10px}
  h1{font-size:24px;font-weight:600;margin:0 0 12px}
  p{font-size:14px;line-height:1.5;margin:0 0 12px}
  label{display:block;font-size:14px;margin:14px 0 4px}
  input{width:100%;box-sizing:border-box;font:inherit;font-size:15px;padding:6px 2px;border:0;border-bottom:1px solid #666;outline-offset:2px}
  .actions{display:flex;justify-content:flex-end;gap:8px;margin-top:24px}
  button{font:inherit;font-size:15px;padding:6px 20px;border:1px solid #0067b8;cursor:pointer;min-width:108px}
  .primary{background:#0067b8;color:#fff}.secondary{background:#fff;color:#0067b8}
  .error{color:#a80000;font-size:14px;margin-top:12px}
  .hint{margin-top:24px;padding-top:12px;border-top:1px solid #ddd;font-size:13px;color:#4a4a4a}
  code{font-size:13px}
</style></head>
<body><main>
<div class="brand"><div class="tiles" aria-hidden="true"><span style="background:#f25022"></span><span style="background:#7fba00"></span><span style="background:#00a4ef"></span><span style="background:#ffb900"></span></div>Demo identity provider</div>
${body}
</main></body></html>`
}

function renderSignIn(uid: string, email = '', error?: string) {
  const accounts = DEMO_OFFICE365_ACCOUNTS.map((account) => `<li><code>${escapeHtml(account.email)}</code></li>`).join(
    '',
  )
  return renderPage(
    'Sign in to your account',
    `
<h1>Sign in</h1>
<p>Stands in for Office 365 while StorageOps runs in demo mode.</p>
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login" autocomplete="off">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <div class="actions">
    <button class="secondary" type="submit" formaction="/oidc/interaction/${escapeHtml(uid)}/abort" formnovalidate>Cancel</button>
    <button class="primary" type="submit">Sign in</button>
  </div>
</form>
<div class="hint">Demo accounts (password <code>${DEMO_OFFICE365_PASSWORD}</code>):<ul>${accounts}</ul></div>`,
  )
}

function findAccount(_ctx: KoaContextWithOIDC, sub: string) {
  const account = DEMO_OFFICE365_ACCOUNTS.find((candidate) => candidate.email === sub)
  if (!account) return undefined
  return {
    accountId: account.email,
    async claims() {
      return {
        sub: account.email,
        email: account.email,
        email_verified: true,
        name: account.name,
        preferred_username: account.email,
      }
    },
  }
}

/** oidc-provider under /oidc, demo mode only: one confidential client (redirect /azure, PKCE), keys made at start, state in memory. */
export function mountOffice365StandIn(app: FastifyInstance, options: { issuer: string }): Office365StandIn {
  const issuer = options.issuer.replace(/\/$/, '')
  const issuerUrl = new URL(issuer)
  const clientId = 'storageops-admin'
  const clientSecret = randomBytes(32).toString('base64url')
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'demo-signing-key',
    use: 'sig',
    alg: 'RS256',
  }

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${issuerUrl.origin}/azure`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: createStandInStore(),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // Entra ID puts email and name in the ID token; do the same rather than only in userinfo.
    conformIdTokenClaims: false,
    findAccount,
    interactions: { url: (_ctx, interaction) => `${OFFICE365_STAND_IN_PREFIX}/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client!
      const session = ctx.oidc.session!
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      session.grantIdFor(client.clientId, grant.jti)
      return grant
    },
    async renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = renderPage(
        'Sign-in error',
        `<h1>Sign-in error</h1>${Object.entries(out)
          .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
          .join('')}`,
      )
    },
  }
  const provider = new Provider(issuer, configuration)
  provider.proxy = true
  // The admin console may be opened on any local admin host and port; only /azure is ever a redirect target.
  const prototype = provider.Client.prototype
  const redirectUriAllowed = Reflect.get<typeof prototype, 'redirectUriAllowed'>(prototype, 'redirectUriAllowed')
  prototype.redirectUriAllowed = function (this: typeof prototype, value: string) {
    try {
      const url = new URL(value)
      if (url.pathname === '/azure' && !url.search && !url.hash && isLocalHost(url.hostname, issuerUrl.hostname))
        return true
    } catch {
      return false
    }
    return redirectUriAllowed.call(this, value)
  }

  const handleProtocol = provider.callback()
  const passThrough = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack()
    const raw = request.raw as IncomingMessage & { originalUrl?: string }
    raw.originalUrl = raw.url
    raw.url = raw.url!.slice(OFFICE365_STAND_IN_PREFIX.length) || '/'
    void handleProtocol(raw, reply.raw)
  }

  // Protocol endpoints: the provider reads the raw request (form bodies included) itself.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    scope.all(OFFICE365_STAND_IN_PREFIX, { schema: { hide: true } }, passThrough)
    scope.all(`${OFFICE365_STAND_IN_PREFIX}/*`, { schema: { hide: true } }, passThrough)
  })

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })
    const html = (reply: FastifyReply, page: string) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page)

    scope.get<{ Params: { uid: string } }>(
      `${OFFICE365_STAND_IN_PREFIX}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw)
        return html(
          reply,
          renderSignIn(details.uid, typeof details.params.login_hint === 'string' ? details.params.login_hint : ''),
        )
      },
    )

    scope.post<{ Params: { uid: string }; Body: { email?: string; password?: string } }>(
      `${OFFICE365_STAND_IN_PREFIX}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw)
        const email = (request.body?.email ?? '').trim().toLowerCase()
        const account = DEMO_OFFICE365_ACCOUNTS.find((candidate) => candidate.email === email)
        if (!account || request.body?.password !== DEMO_OFFICE365_PASSWORD) {
          return html(reply.code(200), renderSignIn(details.uid, email, 'Your account or password is incorrect.'))
        }
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.email } },
          { mergeWithLastSubmission: false },
        )
        return reply.redirect(returnTo, 303)
      },
    )

    scope.post<{ Params: { uid: string } }>(
      `${OFFICE365_STAND_IN_PREFIX}/interaction/:uid/abort`,
      { schema: { hide: true } },
      async (request, reply) => {
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
          { mergeWithLastSubmission: false },
        )
        return reply.redirect(returnTo, 303)
      },
    )
  })

  const fetchThroughApp: CustomFetch = async (url, init) => {
    const target = new URL(url)
    if (target.origin !== issuerUrl.origin) return fetch(url, init as RequestInit)
    const response = await app.inject({
      method: init.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...init.headers, host: target.host },
      payload:
        typeof init.body === 'string'
          ? init.body
          : init.body instanceof URLSearchParams
            ? init.body.toString()
            : undefined,
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) headers.append(name, String(item))
    }
    const hasBody = response.statusCode !== 204 && response.statusCode !== 304
    return new Response(hasBody ? new Uint8Array(response.rawPayload) : null, { status: response.statusCode, headers })
  }

  return { issuer, clientId, clientSecret, fetch: fetchThroughApp }
}
