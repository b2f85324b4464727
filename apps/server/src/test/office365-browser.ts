import type { InjectOptions } from 'fastify'
import type { Response as InjectResponse } from 'light-my-request'

type Send = (options: InjectOptions & { host: string }) => Promise<InjectResponse>

/**
 * A browser for API tests of the Office 365 sign-in: keeps cookies (paths ignored) and follows the
 * identity provider's redirects through inject(), until the provider sends it back to /azure.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>()

  constructor(private readonly send: Send) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name)
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value)
  }

  async request(options: {
    method: 'GET' | 'POST'
    url: string
    form?: Record<string, string>
    json?: unknown
  }): Promise<InjectResponse> {
    const target = new URL(options.url)
    const headers: Record<string, string> = {}
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    let payload: string | undefined
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(options.json)
    }
    const response = await this.send({
      method: options.method,
      url: `${target.pathname}${target.search}`,
      host: target.host,
      headers,
      payload,
    })
    for (const line of [response.headers['set-cookie'] ?? []].flat()) {
      const [pair, ...attributes] = String(line).split(';')
      const [name, ...value] = pair!.trim().split('=')
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]!) < Date.now()),
      )
      if (expired || value.join('=') === '') this.cookies.delete(name!)
      else this.cookies.set(name!, value.join('='))
    }
    return response
  }

  /** Follows redirects from `url` until a page answers 200 or the redirect leaves for `stopPath`. */
  async follow(url: string, stopPath = '/azure'): Promise<{ response: InjectResponse; url: URL }> {
    let current = new URL(url)
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.request({ method: 'GET', url: current.href })
      const location = response.headers.location
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        current = new URL(location, current)
        if (current.pathname === stopPath) return { response, url: current }
        continue
      }
      return { response, url: current }
    }
    throw new Error('too many redirects')
  }

  /** Signs in on the local provider's page; returns the /azure URL it redirects to. */
  async signInAtProvider(authorizationUrl: string, email: string, password: string): Promise<URL> {
    const page = await this.follow(authorizationUrl)
    if (page.response.statusCode !== 200)
      throw new Error(`provider page: ${page.response.statusCode} ${page.response.body}`)
    const submitted = await this.request({
      method: 'POST',
      url: new URL(`${page.url.pathname}/login`, page.url).href,
      form: { email, password },
    })
    if (submitted.statusCode !== 303)
      throw new Error(`provider sign-in: ${submitted.statusCode} ${submitted.body.slice(0, 300)}`)
    const back = await this.follow(new URL(String(submitted.headers.location), page.url).href)
    if (back.url.pathname !== '/azure')
      throw new Error(`expected /azure, got ${back.url.href}: ${back.response.body.slice(0, 300)}`)
    return back.url
  }
}
