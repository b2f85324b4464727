import { lazy, useEffect, type ComponentType } from 'react'
import { afterFirstPage } from './early-data.ts'

/**
 * A component whose code loads only when it is first drawn, and `preload` to fetch that code earlier (on hover or
 * focus of what opens it, or idle after the first page with {@link useIdlePreload}). A failed preload is the
 * render's to show, so it is swallowed here.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const loadModule = () => load().then((Component) => ({ default: Component }))
  return { Component: lazy(loadModule), preload: () => void load().catch(() => {}) }
}

/**
 * Runs `preload` this long after the first page is on screen: on a repeat visit (files from the service worker) the
 * window's load comes while the first screen is still being drawn, and evaluating more code then would take the main
 * thread from it (issue 17).
 */
export function useIdlePreload(preload: () => void, delayMs = 2000) {
  useEffect(() => {
    const timer = afterFirstPage().then(() => setTimeout(preload, delayMs))
    return () => void timer.then(clearTimeout)
  }, [preload, delayMs])
}
