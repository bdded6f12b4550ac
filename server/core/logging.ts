import type { FastifyServerOptions } from 'fastify'

const SECRET_PARAMS = /([?&](?:token|code|sms_code|mobile)=)[^&#]*/gi

/** Strips credentials from a url before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]')
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'token',
        '*.token',
        'sms_code',
        '*.sms_code',
        'id_number',
        '*.id_number',
        'idNumber',
        '*.idNumber'
      ],
      censor: '[redacted]'
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip
      })
    }
  }
}
