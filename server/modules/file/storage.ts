import fs from 'node:fs/promises'
import path from 'node:path'

/** Where uploaded files live; local disk by default, an object store can implement the same. */
export interface FileStorage {
  /** Stores the bytes under a key like `2024/05/abc.png` and returns the public url. */
  put(key: string, data: Buffer): Promise<string>
  /** The public url of a stored key, or undefined when nothing is stored under it. */
  find(key: string): Promise<string | undefined>
}

export function localDiskStorage(root: string, publicPrefix: string): FileStorage {
  const targetOf = (key: string) => {
    const target = path.join(root, key)
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the upload folder')
    return target
  }
  return {
    async put(key, data) {
      const target = targetOf(key)
      await fs.mkdir(path.dirname(target), { recursive: true })
      // Write then rename, so a crash never leaves a half-written file at the public name.
      const temp = `${target}.${process.pid}.part`
      await fs.writeFile(temp, data)
      await fs.rename(temp, target)
      return `${publicPrefix}/${key}`
    },
    async find(key) {
      const exists = await fs.access(targetOf(key)).then(() => true, () => false)
      return exists ? `${publicPrefix}/${key}` : undefined
    }
  }
}
