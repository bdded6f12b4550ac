import crypto from 'node:crypto'

import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'

import type { Config } from './config'
import { installErrorHandling } from './core/errors'
import { installMessageLocales } from './core/i18n'
import { type Jobs, pgBossJobs } from './core/jobs'
import { loggerOptions } from './core/logging'
import { trustedProxies } from './core/request-params'
import { listenedSessionCache, type SessionCache } from './core/session-cache'
import type { Database, Db } from './db/database'
import articleModule from './modules/article'
import chartModule from './modules/chart'
import fileModule from './modules/file'
import homeModule from './modules/home'
import paymentModule from './modules/payment'
import readingModule from './modules/reading'
import shopModule from './modules/shop'
import smsModule from './modules/sms'
import userModule from './modules/user'
import wechatModule from './modules/wechat'
import { registerSecurityHeaders } from './security-headers'
import { buildServices, type Services } from './services'
import { registerStaticFiles } from './static-files'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** The database itself, for what drizzle does not do (LISTEN). */
    database: Database
    config: Config
    services: Services
    jobs: Jobs
    /** Users of recent logged-in reads (server/core/session-cache.ts). */
    sessions: SessionCache
  }
}

export interface BuildAppOptions {
  database: Database
  config: Config
  /** Where log lines go (stdout by default); tests read it to prove no token is logged. */
  logStream?: NodeJS.WritableStream
  services?: Partial<Services>
}

/** The smallest API answer sent compressed. */
const API_COMPRESS_FROM_BYTES = 2048

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(opts.config.logLevel, opts.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID()
    },
    trustProxy: trustedProxies(opts.config.trustProxy),
    bodyLimit: 1024 * 1024
  })
  app.decorate('db', opts.database.db)
  app.decorate('database', opts.database)
  app.decorate('config', opts.config)
  app.decorate('services', { ...buildServices(opts.config, opts.database.db), ...opts.services })
  const jobs = pgBossJobs(opts.database, app.log)
  app.decorate('jobs', jobs)
  // Modules declare their jobs while they register; the queue starts once all of them have.
  app.addHook('onReady', () => jobs.start())
  app.addHook('onClose', () => jobs.stop())
  const sessions = await listenedSessionCache(opts.database)
  app.decorate('sessions', sessions.cache)
  app.addHook('onClose', () => sessions.stop())
  // Set as the request arrives, with a callback rather than a promise: every reply carries it, at no extra tick.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id)
    done()
  })
  installErrorHandling(app)
  installMessageLocales(app)
  registerSecurityHeaders(app)

  await app.register(
    async (api) => {
      // Answers the size of the home's (~10 KB of JSON) go out compressed: on a phone's network each KB
      // is time before the screen can draw. Small ones are not worth the CPU. (The app's files are
      // compressed once, at start: static-files.ts.)
      await api.register(fastifyCompress, { threshold: API_COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] })
      await api.register(homeModule)
      await api.register(articleModule)
      await api.register(userModule)
      await api.register(wechatModule)
      await api.register(smsModule)
      await api.register(paymentModule)
      await api.register(fileModule)
      await api.register(chartModule)
      await api.register(readingModule)
      await api.register(shopModule)
      await api.register(import('./modules/wallet'))
      await api.register(import('./modules/course'))
      await api.register(import('./modules/activity'))
      await api.register(import('./modules/certificate'))
      await api.register(import('./modules/association'))
      await api.register(import('./modules/exam'))
      await api.register(import('./modules/service'))
      await api.register(import('./modules/teacher'))
      await api.register(import('./modules/house'))
      await api.register(import('./modules/notify'))
      await api.register(import('./modules/admin'))
    },
    { prefix: '/api' }
  )
  await registerStaticFiles(app)
  return app
}
