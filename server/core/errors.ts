import type { FastifyError, FastifyInstance } from 'fastify'

import { AppError, Code, failure, MSG_BUSY, MSG_NOT_FOUND } from './envelope'
import { keepOwnWords } from './i18n'

// Framework errors caused by the client's request, with the Chinese message each one gets.
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '参数错误: 请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '参数错误: 请求体为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '参数错误: 不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '参数错误: 请求长度不正确',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_REQ_FILE_TOO_LARGE: '文件不能超过 5MB',
  FST_PARTS_LIMIT: '上传的内容过多',
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_FIELDS_LIMIT: '上传的字段过多',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请使用 multipart/form-data 上传',
  FST_ERR_BAD_URL: '参数错误: 地址不正确'
}

const DB_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006'
])

function causeCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && DB_UNAVAILABLE.has(e.code)) return e.code
    e = e.cause as typeof e
  }
  return undefined
}

/** Every failure leaves as an envelope with HTTP 200; nothing internal (stack, SQL) reaches the client. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // Sent in the request's language by the preSerialization hook of i18n.ts (installMessageLocales).
      keepOwnWords(reply, err.localized)
      return reply.status(200).send(failure(err.code, err.message))
    }
    const known = err.code ? CLIENT_ERRORS[err.code] : undefined
    if (known) {
      req.log.info({ err: { code: err.code, message: err.message } }, 'rejected request')
      return reply.status(200).send(failure(Code.ERROR, known))
    }
    if (causeCode(err)) {
      req.log.error({ err }, 'database unavailable')
      return reply.status(200).send(failure(Code.ERROR, '数据库暂时不可用，请稍后再试'))
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err: { code: err.code, message: err.message } }, 'rejected request')
      return reply.status(200).send(failure(Code.ERROR, '参数错误: 请求不正确'))
    }
    req.log.error({ err }, 'unexpected error')
    return reply.status(200).send(failure(Code.ERROR, MSG_BUSY))
  })

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api')
      return reply.status(200).send(failure(Code.ERROR, MSG_NOT_FOUND))
    return reply.status(404).type('text/plain; charset=utf-8').send('页面不存在')
  })
}
