import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

import { ok } from './envelope'
import { inputOf, paramsOf } from './request-params'
import { authenticate, type AuthUser } from './sessions'
import { tokenFromRequest } from './tokens'
import { type FieldLabels, parseInput } from './validate'

interface RouteSpec<S extends z.ZodType> {
  method: 'GET' | 'POST'
  path: string
  input: S
  /** This route's own Chinese names of fields whose shared name (field-labels.ts) means something else here. */
  labels?: FieldLabels
}

interface Context<I> {
  input: I
  req: FastifyRequest
  reply: FastifyReply
}

/** A public endpoint: the input is validated and the handler's result wrapped in the envelope. */
export function publicRoute<S extends z.ZodType>(
  app: FastifyInstance,
  spec: RouteSpec<S>,
  handler: (ctx: Context<z.output<S>>) => Promise<unknown>
): void {
  app.route({
    method: spec.method,
    url: spec.path,
    handler: async (req, reply) =>
      ok(await handler({ input: parseInput(spec.input, inputOf(req), spec.labels), req, reply }))
  })
}

/** An endpoint that needs login: the token is checked before the input. */
export function userRoute<S extends z.ZodType>(
  app: FastifyInstance,
  spec: RouteSpec<S>,
  handler: (ctx: Context<z.output<S>> & { userId: number; user: AuthUser }) => Promise<unknown>
): void {
  app.route({
    method: spec.method,
    url: spec.path,
    handler: async (req, reply) => {
      const token = tokenFromRequest(req.headers, paramsOf(req))
      const user = await authenticate(app.db, token, app.config.tokenTtlDays, readsFromMemory(app, req))
      const input = parseInput(spec.input, inputOf(req), spec.labels)
      return ok(await handler({ input, req, reply, userId: user.id, user }))
    }
  })
}

/** Reads may take the user from memory; a write always checks its token in the database. */
function readsFromMemory(app: FastifyInstance, req: FastifyRequest) {
  return req.method === 'GET' ? app.sessions : undefined
}

/** The logged-in user when a valid token came along, else undefined (for endpoints open to visitors). */
export async function optionalUserId(app: FastifyInstance, req: FastifyRequest): Promise<number | undefined> {
  const token = tokenFromRequest(req.headers, paramsOf(req))
  if (!token) return undefined
  try {
    return (await authenticate(app.db, token, app.config.tokenTtlDays, readsFromMemory(app, req))).id
  } catch {
    return undefined
  }
}
