import fs from 'node:fs'
import type { Readable } from 'node:stream'

import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'

import type { S3Config } from '../config'
import { contentTypeOf, type FileStorage, MEDIA_AREA, PRIVATE_AREA, UPLOADS_AREA } from './index'

const YEAR = 'public, max-age=31536000, immutable'
/** Media are read only through short-lived signed addresses. */
export const MEDIA_CACHE = 'private, max-age=3600'
/** Private images too; a browser may keep one as long as its link lives, a shared cache never. */
export const PRIVATE_CACHE = MEDIA_CACHE

export interface S3Storage extends FileStorage {
  readonly client: S3Client
  readonly bucket: string
  /** Size of an object, or undefined when it does not exist. */
  sizeOf(objectKey: string): Promise<number | undefined>
  /** Stores bytes, or a stream of known length, under a full object key (`uploads/...`, `media/...`). */
  putObject(objectKey: string, data: Buffer | { stream: Readable; size: number }, cacheControl: string): Promise<void>
}

/** Where anyone reads a public object: the CDN when one is configured, else the bucket's own address. */
export function publicObjectBase(s: S3Config): string {
  if (s.publicBaseUrl) return s.publicBaseUrl
  if (!s.endpoint) return `https://${s.bucket}.s3.${s.region}.amazonaws.com`
  const endpoint = new URL(s.endpoint)
  if (s.forcePathStyle) return `${s.endpoint}/${s.bucket}`
  return `${endpoint.protocol}//${s.bucket}.${endpoint.host}`
}

/**
 * An S3-compatible bucket. Uploads live under `uploads/` and must be publicly readable (a bucket
 * policy, or a CDN in front: S3_PUBLIC_BASE_URL); media under `media/` and private images under
 * `private/` are never publicly readable and are read through pre-signed GET urls that expire.
 */
export function s3Storage(s: S3Config): S3Storage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint || undefined,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Only what S3 itself requires: COS and OSS reject the SDK's newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED'
  })
  const base = publicObjectBase(s)
  const publicUrl = (key: string) => `${base}/${UPLOADS_AREA}/${key}`

  async function sizeOf(objectKey: string): Promise<number | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s.bucket, Key: objectKey }))
      return head.ContentLength ?? 0
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined
      throw err
    }
  }

  async function putObject(
    objectKey: string,
    data: Buffer | { stream: Readable; size: number },
    cacheControl: string
  ): Promise<void> {
    const body = Buffer.isBuffer(data) ? { Body: data } : { Body: data.stream, ContentLength: data.size }
    await client.send(
      new PutObjectCommand({
        Bucket: s.bucket,
        Key: objectKey,
        ...body,
        ContentType: contentTypeOf(objectKey),
        CacheControl: cacheControl
      })
    )
  }

  return {
    driver: 's3',
    client,
    bucket: s.bucket,
    sizeOf,
    putObject,
    publicUrl,
    async put(key, data) {
      await putObject(`${UPLOADS_AREA}/${key}`, data, YEAR)
      return publicUrl(key)
    },
    async find(key) {
      return (await sizeOf(`${UPLOADS_AREA}/${key}`)) === undefined ? undefined : publicUrl(key)
    },
    mediaUrl: (rel, ttlSec) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: s.bucket, Key: `${MEDIA_AREA}/${rel}` }), {
        expiresIn: ttlSec
      }),
    async putMedia(rel, file) {
      const { size } = await fs.promises.stat(file)
      await putObject(`${MEDIA_AREA}/${rel}`, { stream: fs.createReadStream(file), size }, MEDIA_CACHE)
    },
    putPrivate: (key, data) => putObject(`${PRIVATE_AREA}/${key}`, data, PRIVATE_CACHE),
    privateUrl: (key, ttlSec) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: s.bucket, Key: `${PRIVATE_AREA}/${key}` }), {
        expiresIn: ttlSec
      })
  }
}
