import net from 'node:net'

import { clientFeatures } from '../../../server/db/schema'
import { createTestContext, type TestContext } from '../../server/helpers/test-app'

export interface TestServer extends TestContext {
  url: string
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/**
 * The real API server (in-memory database, seeded demo data, simulators) listening on a loopback port. The
 * mini-program shows every feature here, as an owner who chose 全部功能 (渠道功能) would have it, unless
 * `compliant` keeps the mini-program's own default (review.weapp.ts).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  { compliant = false }: { compliant?: boolean } = {}
): Promise<TestServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const ctx = await createTestContext({ PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env })
  if (!compliant) await ctx.app.db.insert(clientFeatures).values({ client: 'wxapp', preset: 'all', hidden: [] })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  return { ...ctx, url }
}

/** The test server of one test file: started before its tests, closed after them; read `.url` inside a test. */
export function serverForFile(): { readonly url: string } {
  let server: TestServer | undefined
  beforeAll(async () => {
    server = await startTestServer()
  }, 120000)
  afterAll(async () => {
    await server?.close()
  })
  return {
    get url() {
      if (!server) throw new Error('the test server is not started yet')
      return server.url
    }
  }
}
