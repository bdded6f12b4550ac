/**
 * Where files live. Three areas: public uploads (avatars, article and goods images, posters), served to
 * anyone at a stable address; private media (course videos we host); and private images (ID photos,
 * application documents, floor plans), handed out only to their owner and operators. Both private
 * areas are read only through links that expire. Local disk is the default; an S3-compatible bucket
 * (COS, OSS, MinIO, AWS S3) lets several servers share the files.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3'
  /** Stores public bytes under a key like `202405/abc.png` and returns their public url. */
  put(key: string, data: Buffer): Promise<string>
  /** The public url of a stored upload, or undefined when nothing is stored under it. */
  find(key: string): Promise<string | undefined>
  /** The public url an upload key has (whether or not it exists). */
  publicUrl(key: string): string
  /**
   * A pre-signed address of a private media file (`course/bazi.mp4`) valid for `ttlSec`, when the
   * store hands files out itself; undefined for local disk, where this server streams them through
   * its own signed links (server/modules/course/media.ts).
   */
  mediaUrl(rel: string, ttlSec: number): Promise<string | undefined>
  /** Stores a finished local file as private media under `rel` (`course/uploads/x.mp4`). */
  putMedia(rel: string, file: string): Promise<void>
  /** Stores bytes in the private image area under a key like `202405/abc.png`; never publicly readable. */
  putPrivate(key: string, data: Buffer): Promise<void>
  /**
   * A pre-signed address of a private image valid for `ttlSec` when the store hands files out itself;
   * undefined for local disk, where this server streams them through its own signed links
   * (server/modules/file/private.ts).
   */
  privateUrl(key: string, ttlSec: number): Promise<string | undefined>
}

/** What upload keys look like (server/modules/file): plain names, no way out of the uploads area. */
export const UPLOAD_KEY = /^(?:[\w-]+\/)*[\w-][\w.-]*$/

/** Object keys in a bucket: uploads and media side by side, as on disk. */
export const UPLOADS_AREA = 'uploads'
export const MEDIA_AREA = 'media'
export const PRIVATE_AREA = 'private'

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4'
}

/** The content type a stored file is served with, from its (server-chosen) extension. */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream'
}
