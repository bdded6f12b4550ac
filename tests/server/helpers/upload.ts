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

/** Uploads through POST /api/file.upload/image as the client does; returns the envelope. */
export async function upload(
  ctx: TestContext,
  token: string | undefined,
  field: string,
  filename: string,
  data: Buffer,
  type?: string
) {
  const m = multipart(field, filename, data, type)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/file.upload/image',
    payload: m.payload,
    headers: { ...m.headers, ...(token ? { authorization: token } : {}) }
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}
