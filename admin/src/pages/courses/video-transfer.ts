import type { AdminVideoPart, AdminVideoPartUrls, AdminVideoStart } from '@contract/admin'

import { api } from '../../api/client'

/** Told how many of the file's bytes have arrived so far. */
export type OnBytes = (sent: number) => void

/** Parts sent to the bucket at once: enough to fill a connection, few enough to retry cheaply. */
const PARALLEL = 3
/** Tries per part, waiting 1 s, then 3 s between them. */
const TRIES = 3
/** Part addresses asked for at once. */
const URL_BATCH = 20

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Where an unfinished bucket upload of a file is remembered, so a reloaded page carries on. */
const resumeKey = (file: File) => `yx-video-upload:${file.name}:${file.size}:${file.lastModified}`
export const resumeIdOf = (file: File) => localStorage.getItem(resumeKey(file)) ?? undefined
export const rememberUpload = (file: File, uploadId: string) => localStorage.setItem(resumeKey(file), uploadId)
export const forgetUpload = (file: File) => localStorage.removeItem(resumeKey(file))

/** The part as base64, read by the browser without building a string byte by byte. */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1))
    reader.onerror = () => reject(new Error('读取文件失败'))
    reader.readAsDataURL(blob)
  })
}

const partOf = (file: File, start: AdminVideoStart, n: number) =>
  file.slice((n - 1) * start.part_bytes, n * start.part_bytes)

/** Local disk: the parts go in order to our server as base64. */
export async function sendThroughServer(file: File, start: AdminVideoStart, onBytes: OnBytes): Promise<void> {
  for (let n = 1; n <= start.parts; n++) {
    const data = await base64Of(partOf(file, start, n))
    const body = { upload_id: start.upload_id, index: n - 1, data }
    // A part that failed on the network is sent once more before giving up.
    await api.post('/course/videoPart', body).catch(() => api.post('/course/videoPart', body))
    onBytes(Math.min(n * start.part_bytes, file.size))
  }
}

class PartError extends Error {
  constructor(
    message: string,
    /** Worth another try (the network, an expired address), or not (the bucket's CORS rule). */
    readonly retry: boolean
  ) {
    super(message)
  }
}

/** PUTs one part to its pre-signed address; resolves the ETag the bucket answers. */
function putPart(url: string, blob: Blob, onLoaded: (bytes: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.upload.onprogress = (e) => onLoaded(e.loaded)
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new PartError(`存储拒绝了视频分段（HTTP ${xhr.status}）`, true))
      const etag = xhr.getResponseHeader('ETag')
      if (!etag) return reject(new PartError('存储没有返回分段校验值（ETag），请按部署说明设置存储桶的跨域规则', false))
      resolve(etag)
    }
    // A dropped connection, or a bucket whose CORS rule does not let this page PUT.
    xhr.onerror = () => reject(new PartError('无法连接视频存储，请检查网络或存储桶的跨域设置', true))
    xhr.send(blob)
  })
}

/**
 * STORAGE=s3: the parts go straight to the bucket, a few at a time, each retried with a fresh
 * address; parts the bucket already holds (`start.uploaded`) are skipped. Resolves the part list
 * videoComplete needs.
 */
export async function sendToBucket(file: File, start: AdminVideoStart, onBytes: OnBytes): Promise<AdminVideoPart[]> {
  const done = new Map(start.uploaded.map((p) => [p.part_number, p.etag]))
  const sizeOf = (n: number) => partOf(file, start, n).size
  let finished = [...done.keys()].reduce((sum, n) => sum + sizeOf(n), 0)
  const inFlight = new Map<number, number>()
  const report = () => onBytes(finished + [...inFlight.values()].reduce((a, b) => a + b, 0))
  report()

  const urls = new Map<number, string>()
  const urlOf = async (n: number, fresh: boolean) => {
    if (fresh || !urls.has(n)) {
      const r = await api.post<AdminVideoPartUrls>('/course/videoPartUrls', {
        upload_id: start.upload_id,
        first: n,
        count: fresh ? 1 : URL_BATCH
      })
      for (const u of r.urls) urls.set(u.part_number, u.url)
    }
    return urls.get(n)!
  }

  const sendPart = async (n: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const etag = await putPart(await urlOf(n, attempt > 1), partOf(file, start, n), (bytes) => {
          inFlight.set(n, bytes)
          report()
        })
        done.set(n, etag)
        inFlight.delete(n)
        finished += sizeOf(n)
        report()
        return
      } catch (e) {
        inFlight.delete(n)
        report()
        if (!(e instanceof PartError) || !e.retry || attempt >= TRIES) throw e
        await wait(attempt === 1 ? 1000 : 3000)
      }
    }
  }

  const waiting = Array.from({ length: start.parts }, (_, i) => i + 1).filter((n) => !done.has(n))
  let failure: unknown
  const worker = async () => {
    // One failed part stops the others from taking new ones; what has arrived stays for a resume.
    while (waiting.length && !failure) {
      const n = waiting.shift()!
      await sendPart(n).catch((e: unknown) => {
        failure ??= e
      })
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  if (failure) throw failure
  return [...done].sort(([a], [b]) => a - b).map(([part_number, etag]) => ({ part_number, etag }))
}
