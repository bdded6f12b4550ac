import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

/** Real server processes (server/main.ts, what `npm start` runs after its build check) for tests. */
export const ROOT = path.resolve(__dirname, '../../..')
export const MAIN = path.join(ROOT, 'server/main.ts')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export interface ServerProcess {
  child: ChildProcess
  /** The address it printed, with a trailing slash. */
  address: string
  output: () => string
}

/** Starts server/main.ts as ONE process (no tsx wrapper, so SIGKILL hits the server itself). */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed within 90 s:\n${out}`)), 90_000)
    child.stdout!.on('data', (chunk) => {
      out += chunk
      const m = /易学已启动: (http:\/\/\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve({ child, address: m[1], output: () => out })
      }
    })
    child.stderr!.on('data', (chunk) => (out += chunk))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${out}`))
    })
  })
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.exitCode)
      : child.once('exit', (code) => resolve(code))
  )

export interface Answer {
  code: number
  msg: string
  data: any
}

/** An API call as the app makes it (query for GET, JSON body for POST); HTTP must be 200. */
export async function callApi(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, unknown> = {},
  token?: string
): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(token ? { authorization: token } : {})
  }
  const res =
    method === 'GET'
      ? await fetch(`${base}api${url}?${new URLSearchParams(params as Record<string, string>)}`, { headers })
      : await fetch(`${base}api${url}`, { method, headers, body: JSON.stringify(params) })
  if (res.status !== 200) throw new Error(`${method} ${url}: HTTP ${res.status}`)
  return (await res.json()) as Answer
}

/** Logs in through the server's WeChat simulator as a browser in WeChat would; returns the token. */
export async function loginViaSimulator(base: string, nickname: string): Promise<string> {
  const res = await fetch(`${base}api/wechat.simulator/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: base, state: 's', nickname }).toString(),
    redirect: 'manual'
  })
  if (res.status !== 302) throw new Error(`simulator answered HTTP ${res.status}`)
  const code = new URL(String(res.headers.get('location'))).searchParams.get('code')
  const r = await callApi(base, 'POST', '/wechat.index/mpLogin', { code, client: 'h5' })
  if (r.code !== 1) throw new Error(`login failed: ${r.msg}`)
  return r.data.token
}
