import fs from 'node:fs'
import path from 'node:path'

import { loadConfig } from '../server/config'
import { DATA_KEY_FILE, type DataCipher, dataCipherFrom, loadDataCipher } from '../server/core/data-key'
import { DataKeyRotationError, rotateDataKey } from '../server/core/data-key-rotation'
import { openDatabase } from '../server/db/database'
import { DataDirLockedError } from '../server/db/lock'

const refuse = (message: string): never => {
  throw new DataKeyRotationError(message)
}

/**
 * npm run data-key:rotate — re-encrypts the personal data at rest (server/core/sealed-columns.ts) from the key the
 * server loads (DATA_KEY, DATA_KEY_FILE or DATA_DIR/data-key) to NEW_DATA_KEY (or NEW_DATA_KEY_FILE), in one
 * transaction. With the servers stopped: stop them, run this, set the new key on every server, start them.
 */
async function main(): Promise<void> {
  const config = loadConfig()
  console.log(
    '请先停止所有服务器：运行中的服务器仍用旧密钥写入 (stop every server first: one left running would keep sealing with the old key)'
  )
  let given: DataCipher | undefined
  try {
    given = dataCipherFrom(process.env.NEW_DATA_KEY, process.env.NEW_DATA_KEY_FILE, 'NEW_DATA_KEY')
  } catch (e) {
    refuse((e as Error).message)
  }
  const next =
    given ??
    refuse(
      '未提供新密钥 (no new key given)：请设置 NEW_DATA_KEY（64 位十六进制，openssl rand -hex 32，或 32 字节的 base64）' +
        '或 NEW_DATA_KEY_FILE (set NEW_DATA_KEY or NEW_DATA_KEY_FILE)'
    )
  // Without any key the server would make one; a made-up current key can only be refused, so none is made here.
  if (!config.dataKey && !config.dataKeyFile && !fs.existsSync(path.join(config.dataDir, DATA_KEY_FILE)))
    refuse(
      `找不到当前密钥 (the current key was not found)：请设置服务器所用的 DATA_KEY 或 DATA_KEY_FILE，或 DATA_DIR 指向含 ${DATA_KEY_FILE} 的数据目录`
    )
  const current = loadDataCipher(config)

  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    const r = await rotateDataKey(database.db, current, next)
    if (r.alreadyRotated) {
      console.log(
        '数据库已使用新密钥，未做任何改动 (the database is already encrypted with the new key; nothing changed)'
      )
      return
    }
    for (const c of r.columns)
      console.log(
        `  ${c.column}: ${c.rows} 行 (rows)${c.plain ? `，其中 ${c.plain} 行原为明文 (of them plain before)` : ''}`
      )
    console.log(`完成，用时 ${r.ms} ms (done in ${r.ms} ms)`)
    const setting = process.env.NEW_DATA_KEY?.trim()
      ? 'DATA_KEY 设为 NEW_DATA_KEY 的值'
      : 'DATA_KEY_FILE 设为 NEW_DATA_KEY_FILE 的文件（并去掉 DATA_KEY）'
    console.log(
      `现在请在每台服务器上把 ${setting}，再启动；仍用旧密钥的服务器会拒绝启动 ` +
        '(now give every server the new key, then start them; a server still on the old key refuses to start)'
    )
  } finally {
    await database.close()
  }
}

main().catch((e) => {
  console.error(
    '密钥轮换失败 (data key rotation failed):',
    e instanceof DataKeyRotationError || e instanceof DataDirLockedError ? e.message : e
  )
  process.exit(1)
})
