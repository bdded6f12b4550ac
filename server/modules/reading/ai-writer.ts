import type { FastifyInstance } from 'fastify'

import type { AiConfig } from '../../config'
import { type ChatMessage, streamChat } from './ai-client'

/** How often streamed text is written to the database, so a poll sees it arrive. */
const FLUSH_MS = 400
/** Anything still 'streaming' after this long without a write is taken as abandoned. */
export const AI_STALE_MS = 3 * 60_000

/** What a streamed answer writes: its text so far, then how it ended. */
export interface AiProgress {
  text: string
  status?: 'done' | 'failed'
  error?: string
}

/**
 * Streams a model's answer into the database through `save`: the partial text every FLUSH_MS, then the
 * whole text as done, or what there is as failed with a reason a user can read. Writes run one after
 * another, so a slow partial write never lands after the final one. Answers under way are aborted when
 * the server closes (their rows go stale and are started again).
 */
export function aiWriter(app: FastifyInstance, ai: AiConfig) {
  const running = new Set<AbortController>()
  app.addHook('onClose', async () => {
    for (const c of running) c.abort()
  })
  return async function write(
    what: string,
    messages: ChatMessage[],
    save: (p: AiProgress) => Promise<unknown>
  ): Promise<void> {
    const controller = new AbortController()
    running.add(controller)
    const timer = setTimeout(() => controller.abort(), ai.timeoutMs)
    let text = ''
    let flushed = 0
    let chain: Promise<unknown> = Promise.resolve()
    const queue = (p: AiProgress) => (chain = chain.then(() => save(p)))
    try {
      await streamChat(
        ai,
        messages,
        (piece) => {
          text += piece
          if (Date.now() - flushed > FLUSH_MS) {
            flushed = Date.now()
            void queue({ text }).catch((e) => app.log.warn({ err: e }, `${what}: flush failed`))
          }
        },
        controller.signal
      )
      await queue({ text, status: 'done' })
    } catch (e) {
      const reason = controller.signal.aborted
        ? 'AI 撰写超时，请稍后重试'
        : e instanceof Error
          ? e.message
          : 'AI 服务暂时不可用'
      app.log.warn({ err: e }, `${what} failed`)
      await queue({ text, status: 'failed', error: reason.slice(0, 256) }).catch(() => undefined)
    } finally {
      clearTimeout(timer)
      running.delete(controller)
    }
  }
}
