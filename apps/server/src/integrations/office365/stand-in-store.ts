import type { Adapter, AdapterPayload } from 'oidc-provider'

/** oidc-provider's adapter over this process's memory, with expiry: enough for a demo stand-in, lost on restart. */
export function createStandInStore() {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const grants = new Map<string, Set<string>>()

  return class StandInStore implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      entries.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 })
      if (payload.grantId) {
        const keys = grants.get(payload.grantId) ?? new Set<string>()
        keys.add(this.key(id))
        grants.set(payload.grantId, keys)
      }
    }

    async find(id: string) {
      const entry = entries.get(this.key(id))
      if (!entry) return undefined
      if (entry.expiresAt <= Date.now()) {
        entries.delete(this.key(id))
        return undefined
      }
      return entry.payload
    }

    async findByUid(uid: string) {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid && entry.expiresAt > Date.now())
          return entry.payload
      }
      return undefined
    }

    async findByUserCode(userCode: string) {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode && entry.expiresAt > Date.now())
          return entry.payload
      }
      return undefined
    }

    async consume(id: string) {
      const entry = entries.get(this.key(id))
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
    }

    async destroy(id: string) {
      entries.delete(this.key(id))
    }

    async revokeByGrantId(grantId: string) {
      for (const key of grants.get(grantId) ?? []) entries.delete(key)
      grants.delete(grantId)
    }
  }
}
