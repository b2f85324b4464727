import sharp from 'sharp'

/** The browser context of a 390×844 phone the benches measure on: touch, mobile viewport, device pixel ratio 3. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }

/** A JPEG of grey noise, about the bytes of a phone photo of that size (noise does not compress). */
export function noisyPhoto(width: number, height: number, quality: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .jpeg({ quality })
    .toBuffer()
}
