import { DEFAULT_THEME, defaultVariantColorsResolver, luminance, mergeMantineTheme } from '@mantine/core'
import { describe, expect, test } from 'vitest'
import { STATUS_COLORS } from '../features/unit-maps/components/unit-colors.ts'
import { theme } from './theme.ts'

const merged = mergeMantineTheme(DEFAULT_THEME, theme)
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
const textOf = (color: string) =>
  color === 'var(--mantine-color-black)' ? merged.black : color === 'var(--mantine-color-white)' ? merged.white : color

describe('filled colours of the theme', () => {
  // Every colour a badge, button, icon or indicator can take: each palette colour at each shade.
  const shades = Object.entries(merged.colors).flatMap(([name, palette]) =>
    palette.map((hex, shade) => ({ color: `${name}.${shade}`, hex })),
  )

  test.each(shades)('text on filled $color is readable (WCAG AA 4.5:1)', ({ color, hex }) => {
    const colors = defaultVariantColorsResolver({ color, theme: merged, variant: 'filled' })
    expect(contrast(textOf(colors.color), hex)).toBeGreaterThanOrEqual(4.5)
  })
})

test.each(Object.entries(STATUS_COLORS))(
  "the unit map's %s badge (%s) gets readable text from the theme, which picks it by luminance (0.179)",
  (_status, hex) => {
    const colors = defaultVariantColorsResolver({ color: hex, theme: merged, variant: 'filled' })
    expect(contrast(textOf(colors.color), hex)).toBeGreaterThanOrEqual(4.5)
  },
)
