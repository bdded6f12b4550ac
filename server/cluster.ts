import cluster from 'node:cluster'
import os from 'node:os'

import { openDatabase } from './db/database'
import { type InitialOwner, main, prepareDatabase, printAddresses } from './main'
import { configOrExit } from './startup-check'

/**
 * `npm run cluster`: several server processes on one port (node:cluster hands each connection to a
 * worker), for one machine with several cores. They share PostgreSQL, which holds every piece of state
 * that must agree (jobs, WeChat tokens, limits); the embedded database allows one process only.
 */
async function primary(): Promise<void> {
  const config = configOrExit()
  if (!config.databaseUrl) {
    console.error(
      '多进程运行需要 PostgreSQL：请设置 DATABASE_URL。嵌入式数据库同一时间只允许一个进程打开其数据目录，请用 npm start。\n' +
        '(npm run cluster needs PostgreSQL: set DATABASE_URL. The embedded database is locked to one ' +
        'process; use npm start.)'
    )
    process.exit(2)
  }
  const count = config.workers || os.availableParallelism()
  // Migrations and demo content once, before any worker serves.
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  let owner: InitialOwner
  try {
    owner = await prepareDatabase(database, config)
  } finally {
    await database.close()
  }

  let stopping = false
  let listening = 0
  const fork = () => cluster.fork({ YIXUE_CLUSTER_WORKER: '1' })
  cluster.on('listening', () => {
    if (++listening !== count) return
    console.log(`易学集群已启动: ${count} 个进程 (cluster of ${count} workers on port ${config.port})`)
    printAddresses(config, owner)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    console.error(`进程 ${worker.process.pid} 退出 (${signal ?? code})，重新启动 (worker exited, starting another)`)
    // A worker that dies at once (bad settings) must not be restarted in a tight loop.
    setTimeout(fork, 1000)
  })
  for (let i = 0; i < count; i++) fork()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
      const exited = () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0)
      cluster.on('exit', exited)
      exited()
    })
  }
}

const run = cluster.isPrimary ? primary() : main(undefined, { prepared: true })
run.catch((e) => {
  console.error('启动失败 (failed to start):', e)
  process.exit(1)
})
