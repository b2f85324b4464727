import fs from 'node:fs'
import path from 'node:path'
import { E2E_DATA_DIR } from '../playwright.config.ts'

const outboxDir = path.join(E2E_DATA_DIR, 'outbox')

/**
 * What the demo server's stand-ins received (server.ts): the SMTP stand-in's idempotency keys, one .eml per Message-ID
 * (X-StorageOps-Key header), and the SMS stand-in's texts (sms.jsonl, one JSON line each).
 */
export function readStandInOutbox(): { emailKeys: string[]; texts: Array<{ to: string; body: string }> } {
  if (!fs.existsSync(outboxDir)) return { emailKeys: [], texts: [] }
  const emailKeys = fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => /^x-storageops-key:\s*([^\r\n]+)/im.exec(fs.readFileSync(path.join(outboxDir, name), 'utf8'))?.[1])
    .filter((key): key is string => Boolean(key))
    .map((key) => key.trim())
  const smsLog = path.join(outboxDir, 'sms.jsonl')
  const texts = fs.existsSync(smsLog)
    ? fs
        .readFileSync(smsLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; body: string })
    : []
  return { emailKeys, texts }
}
