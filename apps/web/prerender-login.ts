import fs from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import Beasties from 'beasties'
import { createServer, type Plugin } from 'vite'
import {
  PENDING_BUTTON_ATTRIBUTE,
  PRERENDERED_LOGIN_ATTRIBUTE,
  PRERENDERED_LOGIN_CSS,
  PRERENDERED_LOGIN_FILE,
} from './src/lib/prerendered-login.ts'

/**
 * The field login screen prerendered by the build (issue 17, decision 010): the app's own `FieldLoginScreen` in its
 * providers rendered to HTML (src/app/login-prerender.tsx), with the rules of the built stylesheet it uses inline,
 * written to `.vite/field-login.html`; the server puts it in the field pages' root, and the app takes it over
 * (lib/prerendered-login.ts). Built from the same components on every build, so it cannot drift from the app.
 */
export function prerenderLogin(): Plugin {
  let root = ''
  let outDir = ''
  return {
    name: 'prerender-login',
    apply: 'build',
    configResolved: (config) => {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        plugins: [react()],
        optimizeDeps: { noDiscovery: true, include: [] },
        server: { middlewareMode: true, hmr: false, ws: false },
        ssr: { noExternal: ['@storageops/contracts'] },
      })
      let markup: string
      let pendingButton: string
      try {
        const module = (await server.ssrLoadModule('/src/app/login-prerender.tsx')) as {
          renderFieldLogin(): { screen: string; pendingButton: string }
        }
        ;({ screen: markup, pendingButton } = module.renderFieldLogin())
      } finally {
        await server.close()
      }
      // The button alone: the providers' <style> elements are in the screen's markup already.
      const pendingLogin = /<button[\s\S]*<\/button>/.exec(pendingButton)?.[0]
      if (!pendingLogin) throw new Error('prerender-login: no pending Login button rendered')
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
        string,
        { css?: string[] }
      >
      const stylesheets = (manifest['index.html']?.css ?? []).map((file) => `<link rel="stylesheet" href="/${file}">`)
      // The page as the browser will have it: Mantine's light colour scheme on <html> (index.html).
      const page = await new Beasties({
        path: outDir,
        publicPath: '/',
        pruneSource: false,
        inlineFonts: false,
        preloadFonts: false,
        reduceInlineStyles: false,
        compress: true,
        logLevel: 'warn',
        // Mantine's colour-scheme variables: their selector lists pair :root with :host(…), which the matcher drops.
        allowRules: [/^:root\[data-mantine-color-scheme=light\]/],
      }).process(
        // The pending Login in the page too, so its rules (the loader and its animation) are kept.
        `<html lang="en" data-mantine-color-scheme="light"><head>${stylesheets.join('')}</head><body><div id="root">${markup}${pendingLogin}</div></body></html>`,
      )
      const css = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, rules]) => rules).join('')
      if (!css) throw new Error('prerender-login: no rules of the stylesheet matched the login screen')
      fs.writeFileSync(
        path.join(outDir, PRERENDERED_LOGIN_FILE),
        `<div ${PRERENDERED_LOGIN_ATTRIBUTE}><style>${PRERENDERED_LOGIN_CSS}${css}</style>${markup}<template ${PENDING_BUTTON_ATTRIBUTE}>${pendingLogin}</template></div>`,
      )
    },
  }
}
