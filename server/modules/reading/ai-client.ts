import type { AiConfig } from '../../config'

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** The provider's error in one short line (never its full body: it may echo the request). */
async function providerError(res: Response): Promise<Error> {
  let detail = ''
  try {
    const body = (await res.json()) as { error?: { message?: string } }
    detail = body.error?.message?.slice(0, 120) ?? ''
  } catch {
    // not JSON
  }
  return new Error(`AI 服务返回错误 ${res.status}${detail ? `: ${detail}` : ''}`)
}

/**
 * Streams a chat completion (server-sent events, `data: {...}` lines ending with `data: [DONE]`),
 * calling onDelta with each piece of text as it arrives. Resolves with the whole text.
 */
export async function streamChat(
  config: AiConfig,
  messages: ChatMessage[],
  onDelta: (text: string) => void,
  signal: AbortSignal
): Promise<string> {
  const res = await fetch(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${config.apiKey}`,
      accept: 'text/event-stream'
    },
    body: JSON.stringify({ model: config.model, messages, stream: true, temperature: 0.7 }),
    signal
  })
  if (!res.ok || !res.body) throw await providerError(res)
  const decoder = new TextDecoder()
  let buffer = ''
  let text = ''
  const handleLine = (line: string): boolean => {
    const trimmed = line.trim()
    if (!trimmed.startsWith('data:')) return false
    const data = trimmed.slice(5).trim()
    if (data === '[DONE]') return true
    const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> }
    const piece = chunk.choices?.[0]?.delta?.content ?? ''
    if (piece) {
      text += piece
      onDelta(piece)
    }
    return false
  }
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true })
    const lines = buffer.split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) if (handleLine(line)) return text
  }
  if (buffer) handleLine(buffer)
  return text
}
