import net from 'node:net'

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

/** The real API server (in-memory database, seeded demo data, simulators) listening on a loopback port. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const ctx = await createTestContext({ PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  return { ...ctx, url }
}
