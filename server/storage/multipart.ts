import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListPartsCommand,
  S3ServiceException,
  UploadPartCommand
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'

import { contentTypeOf, type FileStorage, MEDIA_AREA } from './index'
import { MEDIA_CACHE, type S3Storage } from './s3'

/** The bucket behind a storage, when it is one: large media then go there straight from the browser. */
export function bucketOf(storage: FileStorage): S3Storage | undefined {
  return storage.driver === 's3' ? (storage as S3Storage) : undefined
}

export interface StoredPart {
  partNumber: number
  etag: string
  size: number
}

const notFound = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404

/**
 * Multipart uploads of private media (`rel` under `media/`) sent by a browser part by part to
 * pre-signed addresses: the server starts, lists, completes and aborts them; the bytes never pass
 * through it.
 */
export function mediaMultipart(b: S3Storage) {
  const Bucket = b.bucket
  const keyOf = (rel: string) => `${MEDIA_AREA}/${rel}`
  return {
    async create(rel: string): Promise<string> {
      const r = await b.client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: keyOf(rel),
          ContentType: contentTypeOf(rel),
          CacheControl: MEDIA_CACHE
        })
      )
      if (!r.UploadId) throw new Error('the store answered no upload id')
      return r.UploadId
    },

    /** Where the browser PUTs part `partNumber` (1-based), for `ttlSec`. */
    partUrl(rel: string, uploadId: string, partNumber: number, ttlSec: number): Promise<string> {
      return getSignedUrl(
        b.client,
        new UploadPartCommand({ Bucket, Key: keyOf(rel), UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn: ttlSec }
      )
    },

    /** The parts the store already holds, or undefined when the upload is gone. */
    async parts(rel: string, uploadId: string): Promise<StoredPart[] | undefined> {
      const found: StoredPart[] = []
      let marker: string | undefined
      try {
        for (;;) {
          const page = await b.client.send(
            new ListPartsCommand({ Bucket, Key: keyOf(rel), UploadId: uploadId, PartNumberMarker: marker })
          )
          for (const p of page.Parts ?? []) {
            found.push({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0 })
          }
          if (!page.IsTruncated || !page.NextPartNumberMarker) return found
          marker = page.NextPartNumberMarker
        }
      } catch (err) {
        if (notFound(err)) return undefined
        throw err
      }
    },

    async complete(rel: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void> {
      await b.client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: keyOf(rel),
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) }
        })
      )
    },

    /** Gives the upload up and frees its parts; an upload already gone is fine. */
    async abort(rel: string, uploadId: string): Promise<void> {
      try {
        await b.client.send(new AbortMultipartUploadCommand({ Bucket, Key: keyOf(rel), UploadId: uploadId }))
      } catch (err) {
        if (!notFound(err)) throw err
      }
    },

    sizeOf: (rel: string) => b.sizeOf(keyOf(rel)),

    /** The first `bytes` bytes of a stored file (a ranged GET). */
    async head(rel: string, bytes: number): Promise<Buffer> {
      const r = await b.client.send(new GetObjectCommand({ Bucket, Key: keyOf(rel), Range: `bytes=0-${bytes - 1}` }))
      return Buffer.from((await r.Body?.transformToByteArray()) ?? [])
    },

    async remove(rel: string): Promise<void> {
      await b.client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(rel) }))
    }
  }
}

export type MediaMultipart = ReturnType<typeof mediaMultipart>
