import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { GateCodeEntry } from '@storageops/contracts/facilities'
import { listGateCodes } from './gate-codes.service.ts'

/** Gate codes (spec: snapshot-field-tool §7, admin-console-part-2 §7). */
export function registerGateCodeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/gate_code_rotation/gate_codes', {
    config: { access: { pages: ['/snapshot', '/gate-code-rotation'] } },
    schema: { tags: ['gate-codes'], summary: 'Current Auction Winner, Emergency Code and Temp Code', response: { 200: z.array(GateCodeEntry) } },
  }, async () => listGateCodes(app.db))
}
