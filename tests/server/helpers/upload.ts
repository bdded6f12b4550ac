import type { TestContext } from './test-app'

// The smallest valid PNG: 1x1 transparent pixel (signature per the PNG specification, section 5.2).
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64'
)

export function multipart(field: string, filename: string, data: Buffer, type = 'image/png') {
  const boundary = '----yixue' + Date.now()
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; ` +
        `filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Uploads through POST /api/file.upload/image (or `path`) as the client does; returns the envelope. */
export async function upload(
  ctx: TestContext,
  token: string | undefined,
  field: string,
  filename: string,
  data: Buffer,
  type?: string,
  path = '/api/file.upload/image'
) {
  const m = multipart(field, filename, data, type)
  const res = await ctx.app.inject({
    method: 'POST',
    url: path,
    payload: m.payload,
    headers: { ...m.headers, ...(token ? { authorization: token } : {}) }
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}

/** Uploads a private image (an ID photo, a document, a plan) as the app does; returns the envelope. */
export const uploadPrivate = (
  ctx: TestContext,
  token: string | undefined,
  data: Buffer = PNG,
  filename = 'photo.png'
) => upload(ctx, token, 'file', filename, data, undefined, '/api/file.upload/private')

/** A link this server signed for one private image (local disk). */
export const PRIVATE_LINK =
  /^http:\/\/[^/]+\/api\/file\.private\/image\?key=\d{6}%2F[0-9a-f]{32}\.png&exp=\d+&sig=[\w-]{43}$/
