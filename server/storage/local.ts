import fs from 'node:fs/promises'
import path from 'node:path'

import type { FileStorage } from './index'

/**
 * Today's single-machine layout: uploads in DATA_DIR/uploads (served at /uploads), media in server/media,
 * private images in `privateDir` (DATA_DIR/private, which no static route serves).
 */
export function localDiskStorage(
  root: string,
  publicPrefix: string,
  mediaDir = path.join(__dirname, '..', 'media'),
  privateDir = path.join(root, '..', 'private')
): FileStorage {
  const inside = (dir: string, key: string) => {
    const target = path.join(dir, key)
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error('storage key escapes its folder')
    return target
  }
  const targetOf = (key: string) => inside(root, key)
  const publicUrl = (key: string) => `${publicPrefix}/${key}`
  async function write(target: string, data: Buffer) {
    await fs.mkdir(path.dirname(target), { recursive: true })
    // Write then rename, so a crash never leaves a half-written file under its name.
    const temp = `${target}.${process.pid}.part`
    await fs.writeFile(temp, data)
    await fs.rename(temp, target)
  }
  return {
    driver: 'local',
    publicUrl,
    async put(key, data) {
      await write(targetOf(key), data)
      return publicUrl(key)
    },
    async find(key) {
      const exists = await fs.access(targetOf(key)).then(
        () => true,
        () => false
      )
      return exists ? publicUrl(key) : undefined
    },
    mediaUrl: async () => undefined,
    async putMedia(rel, file) {
      const target = inside(mediaDir, rel)
      await fs.mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}.${process.pid}.part`
      await fs.copyFile(file, temp)
      await fs.rename(temp, target)
    },
    putPrivate: (key, data) => write(inside(privateDir, key), data),
    privateUrl: async () => undefined
  }
}
