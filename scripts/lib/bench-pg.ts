import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Client } from 'pg'

import { freePort } from '../../tests/server/helpers/server-process'
import { apiTargets, measure, type Measured } from './bench-api'

const ROOT = path.resolve(__dirname, '../..')
const CORES = os.cpus().length
/**
 * One key for every cluster started on the bench database: each start has a fresh data folder, as servers of one
 * deployment share DATA_KEY.
 */
const BENCH_DATA_KEY = Buffer.alloc(32, 7).toString('base64')

/**
 * A PostgreSQL to measure against: BENCH_DATABASE_URL when set (a new database is made in it), else a
 * throwaway server from Debian's postgresql package when this machine has one and runs as root, as
 * scripts/pg-test.sh does. Undefined when neither is at hand.
 */
export async function benchPostgres(): Promise<BenchPostgres | undefined> {
  const given = process.env.BENCH_DATABASE_URL
  if (given) return freshDatabase(given, async () => undefined)
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : []
  if (!versions.length || process.getuid?.() !== 0) return undefined
  const bin = `/usr/lib/postgresql/${versions[versions.length - 1]}/bin`
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-bench-pg-'))
  fs.chownSync(
    data,
    Number(spawnSync('id', ['-u', 'postgres']).stdout),
    Number(spawnSync('id', ['-g', 'postgres']).stdout)
  )
  const asPostgres = (args: string[]) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' })
  asPostgres([`${bin}/initdb`, '-D', data, '-U', 'postgres', '--auth=trust'])
  const port = await freePort()
  const started = asPostgres([
    `${bin}/pg_ctl`,
    '-D',
    data,
    '-l',
    `${data}/server.log`,
    '-w',
    '-o',
    `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200`,
    'start'
  ])
  if (started.status !== 0) return undefined
  const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const db = await freshDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, async () => {
    asPostgres([`${bin}/pg_ctl`, '-D', data, '-m', 'immediate', 'stop'])
    fs.rmSync(data, { recursive: true, force: true })
  })
  return { ...db, postmaster }
}

interface BenchPostgres {
  url: string
  stop(): Promise<void>
  /** The server's main process, when the bench started the server itself (its CPU time is then counted). */
  postmaster?: number
}

/** CPU seconds (user + system) a process and all its descendants have used so far; Linux only, else 0. */
function treeCpuSeconds(pid: number): number {
  let ticks = 0
  const visit = (p: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
      const children = fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim()
      for (const child of children ? children.split(' ') : []) visit(Number(child))
    } catch {
      // The process ended between the listing and the read.
    }
  }
  visit(pid)
  return ticks / 100
}

/** CPU seconds the whole machine (all cores: every process and the kernel) has been busy so far; Linux only. */
function machineCpuSeconds(): number {
  try {
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest is already inside user)
    const [user, nice, system, , , irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number)
    return (user + nice + system + irq + softirq + steal) / 100
  } catch {
    return 0
  }
}

/**
 * The most two processes could serve against one, with every core busy: the load generator, PostgreSQL and the
 * kernel's share of each request come out of the same cores. When the ratio reaches it, the machine is full.
 */
function ceiling(one: Measured, two: { machine: number }): string {
  if (!two.machine) return ''
  return ` (ceiling with all ${CORES} cores busy: ${((CORES * 1e6) / two.machine / one.rps).toFixed(2)}x)`
}

async function freshDatabase(serverUrl: string, stopServer: () => Promise<void>) {
  const name = `yx_bench_${crypto.randomBytes(4).toString('hex')}`
  const admin = new Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async stop() {
      const dropper = new Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists "${name}" with (force)`)
      await dropper.end()
      await stopServer()
    }
  }
}

/** `npm run cluster` with this many workers on the database; resolves once every worker listens. */
export function startCluster(databaseUrl: string, workers: number, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/cluster.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'yx-bench-')),
      DATA_KEY: BENCH_DATA_KEY
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster did not start:\n${out}`)), 180_000)
    child.stdout!.on('data', (chunk) => {
      out += chunk
      if (out.includes('易学集群已启动')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.stderr!.on('data', (chunk) => (out += chunk))
    child.on('exit', (code) => reject(new Error(`cluster exited with ${code}:\n${out}`)))
  })
}

export async function stopCluster(child: ChildProcess) {
  const gone = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await gone
}

/**
 * The logged-in read and the checkout preview on PostgreSQL with one and two server processes (the
 * load generator shares the machine's cores with them), beside the embedded database's figures.
 */
export async function benchPostgresScaling(embedded: Measured[]): Promise<void> {
  const pg = await benchPostgres()
  if (!pg)
    return console.log(
      "PostgreSQL: not measured (set BENCH_DATABASE_URL, or run as root with Debian's postgresql installed)"
    )
  try {
    const runs: Record<number, (Measured & { cpu: string; machine: number })[]> = {}
    for (const workers of [1, 2]) {
      const port = await freePort()
      const cluster = await startCluster(pg.url, workers, port)
      try {
        const url = `http://127.0.0.1:${port}`
        runs[workers] = []
        for (const target of (await apiTargets(url)).filter((t) => t.loggedIn)) {
          // CPU time per request of the servers and of PostgreSQL: on a machine whose cores the load generator
          // and the database share, this says more than req/s about what a second process can gain.
          const cpu = () => [
            treeCpuSeconds(cluster.pid!),
            pg.postmaster ? treeCpuSeconds(pg.postmaster) : 0,
            machineCpuSeconds()
          ]
          const before = cpu()
          const [m] = await measure(url, [target])
          const [server, database, machine] = cpu().map((after, i) => after - before[i])
          const perRequest = (seconds: number) => Math.round((seconds / (m.rps * 10)) * 1e6)
          runs[workers].push({
            ...m,
            machine: perRequest(machine),
            cpu:
              `CPU per request: servers ${perRequest(server)} µs` +
              (pg.postmaster ? `, PostgreSQL ${perRequest(database)} µs` : '') +
              `, whole machine ${perRequest(machine)} µs`
          })
        }
      } finally {
        await stopCluster(cluster)
      }
    }
    for (const [i, one] of runs[1].entries()) {
      const two = runs[2][i]
      const onEmbedded = embedded.find((e) => e.name === one.name)
      console.log(
        `PostgreSQL ${one.name.padEnd(32)} 1 process ${one.rps} req/s p99 ${one.p99} ms (${one.cpu}); ` +
          `2 processes ${two.rps} req/s p99 ${two.p99} ms (${two.cpu}); ` +
          `ratio ${(two.rps / one.rps).toFixed(2)}x` +
          ceiling(one, two) +
          (onEmbedded ? `; embedded ${onEmbedded.rps} req/s` : '') +
          '   yardstick 2 processes >= 1.6x one; logged-in read >= 5000 req/s'
      )
    }
  } finally {
    await pg.stop()
  }
}
