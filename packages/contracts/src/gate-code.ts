export const GATE_CODE_MIN = 100001
export const GATE_CODE_MAX = 999998

/** True when the digits are strictly ascending (e.g. 135789) or strictly descending (e.g. 975310). */
export function isMonotonicCode(code: string): boolean {
  let ascending = true
  let descending = true
  for (let i = 1; i < code.length; i++) {
    if (!(code[i]! > code[i - 1]!)) ascending = false
    if (!(code[i]! < code[i - 1]!)) descending = false
  }
  return ascending || descending
}

export function secureRandomInt(min: number, max: number): number {
  const range = max - min + 1
  const limit = Math.floor(0x1_0000_0000 / range) * range
  const buffer = new Uint32Array(1)
  for (;;) {
    globalThis.crypto.getRandomValues(buffer)
    // Rejection sampling keeps every value equally likely.
    if (buffer[0]! < limit) return min + (buffer[0]! % range)
  }
}

/** Six digits, 100001–999998, never strictly ascending or descending (spec: snapshot-field-tool §5). */
export function generateGateCode(randomInt: (min: number, max: number) => number = secureRandomInt): string {
  for (;;) {
    const code = String(randomInt(GATE_CODE_MIN, GATE_CODE_MAX))
    if (!isMonotonicCode(code)) return code
  }
}

export function isValidGateCode(code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false
  const value = Number(code)
  return value >= GATE_CODE_MIN && value <= GATE_CODE_MAX && !isMonotonicCode(code)
}

const TYPED_GATE_CODE = /^\*?\d{4,10}#?$/

/** A code staff type (decision 023): 4–10 digits, optionally '*…#' as a keypad takes it; §5's rule is for generated ones. */
export function isTypedGateCode(code: string): boolean {
  return TYPED_GATE_CODE.test(code)
}

export const typedGateCodeMessage = (label: string) =>
  `${label} must be 4 to 10 digits, with or without * before and # after (*xxxxx#).`

const KEYPAD_ENTRY = /^(\*?)(\d{6})(#?)$/

/** A generated code (the §5 rule), optionally in the keypad form '*482915#'. */
export function isValidGateCodeEntry(code: string): boolean {
  const match = KEYPAD_ENTRY.exec(code)
  return Boolean(match && isValidGateCode(match[2]!))
}

/** A new code in the same keypad form as `current` ('*…#' stays '*…#'), drawn by the gate-code rule. */
export function nextGateCodeLike(current: string, generate: () => string = generateGateCode): string {
  const [, prefix = '', digits = '', suffix = ''] = /^(\*?)(\d*)(#?)$/.exec(current) ?? []
  let code = generate()
  while (code === digits) code = generate()
  return `${prefix}${code}${suffix}`
}
