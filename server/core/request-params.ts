import type { FastifyRequest } from 'fastify'

/** The request's parameters: the query for GET, the JSON body for POST (docs/spec.md §7). */
export function paramsOf(req: FastifyRequest): Record<string, unknown> {
  const source = req.method === 'GET' ? req.query : req.body
  return source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {}
}

/** What the validators see: the parameters, or the raw body so a non-object body is reported. */
export function inputOf(req: FastifyRequest): unknown {
  return req.method === 'GET' ? req.query : (req.body ?? {})
}

export function clientIp(req: FastifyRequest): string {
  return req.ip || ''
}
