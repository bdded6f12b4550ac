import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
// s3rver ships no types.
const S3rver = require('s3rver')
const s3rverAuthentication = require('s3rver/lib/middleware/authentication')
const S3Error = require('s3rver/lib/models/error')

export const S3_BUCKET = 'yixue-test'

/** What deploy/README.md asks of a real bucket: the console's browser may PUT parts and read their ETag. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

interface KoaContext {
  method: string
  path: string
  query: Record<string, string>
  params: Record<string, string>
  status: number
  body: unknown
}
type Next = () => Promise<void>

/**
 * s3rver stores multipart uploads but answers neither ListParts nor AbortMultipartUpload; every
 * real store (COS, OSS, MinIO, S3) does. Both are added here over s3rver's own part files, behind its
 * signature check.
 */
function multipartExtras(server: { store: { getResourcePath(b: string, k: undefined, r: string): string } }) {
  const auth = s3rverAuthentication()
  return async (ctx: KoaContext, next: Next) => {
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path)
    const uploadId = ctx.query.uploadId
    if (!match || !uploadId || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next()
    ctx.params = { bucket: match[1], key: decodeURIComponent(match[2]) }
    await auth(ctx, async () => {
      const dir = path.join(server.store.getResourcePath(match[1], undefined, 'uploads'), path.basename(uploadId))
      if (!fs.existsSync(dir)) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.')
      if (ctx.method === 'DELETE') {
        fs.rmSync(dir, { recursive: true, force: true })
        ctx.status = 204
        return
      }
      const numbers = fs
        .readdirSync(dir)
        .filter((f) => /^\d+$/.test(f))
        .map(Number)
        .sort((a, b) => a - b)
      ctx.body = {
        ListPartsResult: {
          Bucket: match[1],
          Key: ctx.params.key,
          UploadId: uploadId,
          IsTruncated: false,
          Part: numbers.map((n) => ({
            PartNumber: n,
            LastModified: fs.statSync(path.join(dir, String(n))).mtime.toISOString(),
            ETag: `"${fs.readFileSync(path.join(dir, `${n}.md5`), 'utf8')}"`,
            Size: fs.statSync(path.join(dir, String(n))).size
          }))
        }
      }
    })
  }
}

export interface LocalS3 {
  endpoint: string
  /** Where s3rver keeps its files (objects and unfinished multipart uploads). */
  directory: string
  /** The STORAGE/S3_* settings that point the server at it. */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1: it checks AWS signature v4 with its own keys
 * (S3RVER / S3RVER) and expiring pre-signed urls, as the real services do.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: S3_BUCKET, configs: [CORS] }]
  })
  // Just before s3rver's router, after its XML encoder.
  server.middleware.splice(server.middleware.length - 1, 0, multipartExtras(server))
  const address = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1'
    },
    async close() {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    }
  }
}
