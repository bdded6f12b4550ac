import { MiniProgram } from './harness'
import { startTestServer, type TestServer } from './harness/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

test('home', async () => {
  const mp = await MiniProgram.launch({ server: server.url })
  console.log(mp.text())
  console.log(mp.log.slice(0, 60))
  console.log(mp.errors, mp.unimplemented)
  mp.close()
})
