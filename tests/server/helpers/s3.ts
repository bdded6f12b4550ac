import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
// s3rver ships no types.
const S3rver = require('s3rver')

export const S3_BUCKET = 'yixue-test'

export interface LocalS3 {
  endpoint: string
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
    configureBuckets: [{ name: S3_BUCKET }]
  })
  const address = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
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
