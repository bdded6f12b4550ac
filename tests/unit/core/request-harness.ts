import { createRequest, type RequestDeps } from '../../../src/core/request'
import { createStorage } from '../../../src/core/storage'
import type { TransportRequest, TransportResponse, TransportUpload } from '../../../src/core/transport'
import { createMemoryBackend } from './memory-storage'

/** A request instance over fakes that record every call, for the request tests. */
export function harness(
  answer: (request: TransportRequest) => Promise<TransportResponse> | TransportResponse,
  deps: Partial<RequestDeps> = {}
) {
  const events: string[] = []
  const sent: TransportRequest[] = []
  const uploads: TransportUpload[] = []
  const storage = createStorage(createMemoryBackend())
  const relogin = jest.fn((): Promise<unknown> => new Promise<void>(() => undefined))
  const login: { pending?: Promise<unknown> } = {}
  const requester = createRequest({
    transport: {
      request: async (request) => {
        sent.push(request)
        return answer(request)
      },
      upload: async (upload) => {
        uploads.push(upload)
        return answer({ url: upload.url, method: 'POST', header: upload.header, timeout: upload.timeout })
      }
    },
    ui: {
      showLoading: (title, mask) => events.push(`show:${title}:${mask}`),
      hideLoading: () => events.push('hide'),
      toast: (message) => events.push(`toast:${message}`)
    },
    storage,
    baseUrl: () => 'http://api.test',
    client: () => 'h5',
    relogin,
    pendingLogin: () => login.pending,
    ...deps
  })
  return { ...requester, events, sent, uploads, storage, relogin, login }
}

export const envelope = (code: number, data: unknown = null, msg = ''): TransportResponse => ({
  statusCode: 200,
  data: { code, msg, data }
})

/** Lets pending promise callbacks run. */
export const flush = () => new Promise((resolve) => setImmediate(resolve))
