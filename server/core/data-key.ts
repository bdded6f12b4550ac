import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'

import { type Config, DATA_KEY_FORM, MSG_DATA_KEY_FORM } from '../config'
import type { Db } from '../db/database'
import { appMeta } from '../db/schema'
import { readSecret, secretInDataDir } from './secret-file'

/** The key file made in the data folder when DATA_KEY is not set. */
export const DATA_KEY_FILE = 'data-key'
const SEALED = /^v1:([A-Za-z0-9+/]+=*)$/
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Personal data at rest: AES-256-GCM with a random IV per value (the column's name as associated
 * data, so a value copied into another column does not open), and a keyed hash (HMAC-SHA256) for
 * finding a value without decrypting every row. Both keys are derived from one master key (HKDF).
 */
export class DataCipher {
  private readonly encKey: Buffer
  private readonly macKey: Buffer
  /** Tells keys apart without revealing them: kept in app_meta, so a server with another key refuses to start. */
  readonly fingerprint: string

  constructor(master: Buffer) {
    const derive = (info: string) => Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), info, 32))
    this.encKey = derive('yixue data encryption')
    this.macKey = derive('yixue data lookup')
    this.fingerprint = crypto
      .createHmac('sha256', derive('yixue key fingerprint'))
      .update('data-key')
      .digest('hex')
      .slice(0, 32)
  }

  seal(plain: string, column: string): string {
    const iv = crypto.randomBytes(IV_BYTES)
    const cipher = crypto.createCipheriv('aes-256-gcm', this.encKey, iv)
    cipher.setAAD(Buffer.from(column))
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return `v1:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`
  }

  /** The plain value; a value stored before encryption existed is returned as it is. */
  open(stored: string, column: string): string {
    const m = SEALED.exec(stored)
    if (!m) return stored
    const raw = Buffer.from(m[1], 'base64')
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.encKey, raw.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(column))
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8'
    )
  }

  isSealed(stored: string): boolean {
    return SEALED.test(stored)
  }

  /** Equal plain values give equal hashes; without the key a hash cannot be tried against all ID numbers. */
  lookupHash(plain: string, column: string): string {
    return plain ? crypto.createHmac('sha256', this.macKey).update(`${column}\n${plain}`).digest('hex') : ''
  }
}

const keyBytes = (given: string) =>
  /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64')
/** The form config.ts requires of DATA_KEY: 32 bytes as 64 hex digits or base64. */

/**
 * A key given like DATA_KEY (`key`) or DATA_KEY_FILE (`file`), read exactly as loadDataCipher reads those, so the
 * key a rotation moves to is the one a server given the same setting loads. Undefined when neither is given;
 * `name` names the setting in the error a malformed key gets.
 */
export function dataCipherFrom(
  key: string | undefined,
  file: string | undefined,
  name: string
): DataCipher | undefined {
  const given = key?.trim()
  if (given) {
    if (!DATA_KEY_FORM.test(given)) throw new Error(`${name}: ${MSG_DATA_KEY_FORM}`)
    return new DataCipher(keyBytes(given))
  }
  return file ? new DataCipher(Buffer.from(readSecret(path.resolve(file), '数据加密密钥'), 'utf8')) : undefined
}

/**
 * DATA_KEY; else the key file DATA_KEY_FILE names (read like the generated one, so a `data-key` moved out of
 * the data folder opens what it sealed); else, outside production, a random key made once into the data
 * folder (mode 0600).
 */
export function loadDataCipher(config: Config): DataCipher {
  if (config.dataKey) return new DataCipher(keyBytes(config.dataKey))
  const secret = config.dataKeyFile
    ? readSecret(config.dataKeyFile, '数据加密密钥')
    : secretInDataDir(config.dataDir, DATA_KEY_FILE, '数据加密密钥')
  return new DataCipher(Buffer.from(secret, 'utf8'))
}

/** A path with its links followed (as far as it exists): a link outside to a key inside is inside. */
const real = (p: string) => {
  try {
    return fs.realpathSync(p)
  } catch {
    return path.resolve(p)
  }
}

const inside = (file: string, dir: string) => {
  const rel = path.relative(real(dir), real(file))
  return !rel.startsWith('..') && !path.isAbsolute(rel)
}

/**
 * Why production cannot keep its data key: a key beside the database it encrypts is taken with every copy
 * or backup of the data folder, so production wants DATA_KEY, or DATA_KEY_FILE outside the data folder
 * and readable by the server's user alone.
 */
export function dataKeyProblem(config: Config): string | undefined {
  if (config.dataKey) return undefined
  const file = config.dataKeyFile
  if (file) {
    if (inside(file, config.dataDir))
      return `DATA_KEY_FILE: 密钥文件 ${file} 在数据目录之内，会随数据目录的每份拷贝一起泄露；请把它移到数据目录之外`
    try {
      fs.accessSync(file, fs.constants.R_OK)
    } catch {
      return `DATA_KEY_FILE: 密钥文件 ${file} 不存在或无法读取`
    }
    if (fs.statSync(file).mode & 0o077) return `DATA_KEY_FILE: 密钥文件 ${file} 其他用户也能读取；请执行 chmod 600`
    return undefined
  }
  const generated = path.join(config.dataDir, DATA_KEY_FILE)
  return (
    'DATA_KEY: 未设置身份证号等个人信息的加密密钥（正式环境的密钥须放在数据目录之外）；请设置 DATA_KEY（64 位十六进制，' +
    'openssl rand -hex 32），' +
    (fs.existsSync(generated)
      ? `或把已有的 ${generated} 移到数据目录之外，并以 DATA_KEY_FILE 指向它（它加密了已存的数据，不能换成新密钥）`
      : '或以 DATA_KEY_FILE 指向数据目录之外的密钥文件')
  )
}

/** The app_meta row holding the fingerprint of the key this database is encrypted with. */
export const FINGERPRINT_KEY = 'data_key_fingerprint'

export class DataKeyMismatchError extends Error {}

/**
 * Records which key encrypts this database on first use and refuses another one afterwards: a server
 * with a different DATA_KEY (or its own generated key file) would write data nobody else can read.
 */
export async function checkDataKey(db: Db, cipher: DataCipher): Promise<void> {
  await db.insert(appMeta).values({ key: FINGERPRINT_KEY, value: cipher.fingerprint }).onConflictDoNothing()
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, FINGERPRINT_KEY))
  if (row.value !== cipher.fingerprint) {
    throw new DataKeyMismatchError(
      '数据加密密钥与加密本数据库所用的不同，拒绝启动 (DATA_KEY differs from the key this database is encrypted with)：' +
        '请为每台服务器设置相同的 DATA_KEY，或使用原数据目录中的 data-key'
    )
  }
}
