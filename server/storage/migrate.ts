import fs from 'node:fs'
import path from 'node:path'

import { MEDIA_AREA, PRIVATE_AREA, UPLOADS_AREA } from './index'
import { MEDIA_CACHE, PRIVATE_CACHE, type S3Storage } from './s3'

const YEAR = 'public, max-age=31536000, immutable'

export interface MigrationResult {
  copied: string[]
  /** Already in the bucket with the same size. */
  skipped: number
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((rel) => rel.split(path.sep).join('/'))
    .filter(
      (rel) =>
        fs.statSync(path.join(root, rel)).isFile() && !rel.endsWith('.part') && !path.basename(rel).startsWith('.')
    )
    .sort()
}

/**
 * Copies the local uploads (DATA_DIR/uploads), course media (server/media) and private images
 * (DATA_DIR/private) into the bucket under `uploads/`, `media/` and `private/`. Safe to run again (and
 * after an interrupted run): an object already there with the same size is left alone. Local files are
 * never deleted; the addresses stored in the database keep working because the server redirects
 * /uploads/... to the bucket, and private images are stored as `private:` keys that either store opens.
 */
export async function copyLocalFilesToBucket(
  bucket: S3Storage,
  dirs: { uploadDir: string; mediaDir: string; privateDir?: string },
  log: (line: string) => void = () => undefined
): Promise<MigrationResult> {
  const result: MigrationResult = { copied: [], skipped: 0 }
  const areas = [
    { root: dirs.uploadDir, area: UPLOADS_AREA, cache: YEAR },
    { root: dirs.mediaDir, area: MEDIA_AREA, cache: MEDIA_CACHE },
    ...(dirs.privateDir ? [{ root: dirs.privateDir, area: PRIVATE_AREA, cache: PRIVATE_CACHE }] : [])
  ]
  for (const { root, area, cache } of areas) {
    for (const rel of filesUnder(root)) {
      const file = path.join(root, rel)
      const key = `${area}/${rel}`
      const size = fs.statSync(file).size
      if ((await bucket.sizeOf(key)) === size) {
        result.skipped++
        continue
      }
      // Streamed: course videos run to hundreds of MB.
      await bucket.putObject(key, { stream: fs.createReadStream(file), size }, cache)
      result.copied.push(key)
      log(`copied ${key}`)
    }
  }
  return result
}
