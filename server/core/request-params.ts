import type { FastifyRequest } from 'fastify'

import type { ClientKind } from '../../contract'
import type { TrustProxy } from '../config'

/** The request's parameters: the query for GET, the JSON body for POST (docs/spec.md §7). */
export function paramsOf(req: FastifyRequest): Record<string, unknown> {
  const source = req.method === 'GET' ? req.query : req.body
  return source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {}
}

/** What the validators see: the parameters, or the raw body so a non-object body is reported. */
export function inputOf(req: FastifyRequest): unknown {
  return req.method === 'GET' ? req.query : (req.body ?? {})
}

/** The client a request says it is (docs/spec.md §7): WeChat's browser, the mini-program, else any browser. */
export function clientKind(req: FastifyRequest): ClientKind {
  const client = String(paramsOf(req).client ?? '')
  return client === 'h5' || client === 'wxapp' ? client : 'web'
}

export function clientIp(req: FastifyRequest): string {
  return req.ip || ''
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count believes that many X-Forwarded-For entries from the right
 * (the ones our own proxies appended), so whatever a client wrote to the left of them is never its address. Fastify
 * itself reads a bare number as "trust nothing", hence the function. Proxy addresses are checked by Fastify
 * (proxy-addr) against each hop. `false`: the socket's address is the client's.
 */
export function trustedProxies(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting
  return (_address, hop) => hop < setting
}
