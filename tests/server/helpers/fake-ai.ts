import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeAiRequest {
  auth: string
  body: { model: string; messages: Array<{ role: string; content: string }>; stream: boolean }
}

/**
 * An OpenAI-compatible provider on a local port: `answer` decides each request's reply, either the
 * pieces to stream as server-sent events or an HTTP error with the provider's error body.
 */
export async function startFakeAi(
  answer: (req: FakeAiRequest) => Promise<string[] | { status: number; message: string }>
) {
  const requests: FakeAiRequest[] = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', async () => {
      const request = { auth: String(req.headers.authorization), body: JSON.parse(raw) }
      requests.push(request)
      const reply = await answer(request)
      if (!Array.isArray(reply)) {
        res
          .writeHead(reply.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: reply.message } }))
        return
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (const content of reply) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`)
      res.end('data: [DONE]\n\n')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return {
    requests,
    env: (model = 'test-model') => ({ AI_BASE_URL: url, AI_API_KEY: 'sk-test-key', AI_MODEL: model }),
    close: () => new Promise((r) => server.close(r))
  }
}
