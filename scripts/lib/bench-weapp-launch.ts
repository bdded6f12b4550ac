// The mini-program's launch beside an empty Taro 4.1.11 app, both run by the headless runtime (tests/weapp):
// the JS run before the first screen is drawn, the time to that screen and the requests sent before it. The
// runtime is one Node process, not a phone: the times compare the two apps, they are not a phone's times.
import fs from 'node:fs'
import path from 'node:path'

import { startServer } from '../../tests/e2e/server'
import { MiniProgram } from '../../tests/weapp/harness'
import { buildEmptyApp } from './bench-lighthouse'

const RUNS = 5
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

interface Launch {
  ms: number
  jsBytes: number
  requests: number
}

/** One launch: until the launch page shows `marker`. */
async function launchOnce(dist: string, server: string, marker: string): Promise<Launch> {
  const mp = await MiniProgram.launch({ dist, server, recordDraws: true })
  try {
    const drawn = mp.draws.find((d) => d.text.includes(marker))
    if (!drawn) throw new Error(`${dist}: the launch page never showed "${marker}"`)
    const jsBytes = mp.service.loaded
      .filter((f) => f.at <= drawn.at)
      .reduce((n, f) => n + fs.statSync(path.join(dist, f.file)).size, 0)
    const requests = mp.log.filter((e) => e.kind === 'requestSent' && (e.detail as { at: number }).at < drawn.at)
    return { ms: drawn.at - mp.launchedAt, jsBytes, requests: requests.length }
  } finally {
    mp.close()
  }
}

async function measure(name: string, dist: string, server: string, marker: string) {
  const runs: Launch[] = []
  // The first launch also compiles the templates (cached for the others): it is left out.
  await launchOnce(dist, server, marker)
  for (let i = 0; i < RUNS; i++) runs.push(await launchOnce(dist, server, marker))
  const times = runs.map((r) => r.ms)
  console.log(
    `${name.padEnd(16)} JS before the first screen ${kb(runs[0].jsBytes).padStart(9)}, ` +
      `first screen after ${Math.round(median(times))} ms (${Math.round(Math.min(...times))}–` +
      `${Math.round(Math.max(...times))}), requests before it ${runs[0].requests}`
  )
}

/** Prints both apps' launch, ours with its home data on screen ('八字排盘'), the empty app with its 'Hello world!'. */
export async function benchWeappLaunch(ourDist: string): Promise<void> {
  if (!fs.existsSync(path.join(ourDist, 'app.json')))
    return console.log('weapp launch: not built (npm run build:weapp)')
  let emptyDist: string
  try {
    emptyDist = await buildEmptyApp('weapp')
  } catch (e) {
    return console.log(`weapp launch: empty Taro app not built (${(e as Error).message.split('\n')[0]})`)
  }
  const server = await startServer()
  try {
    console.log(`weapp launch in the headless runtime, median (range) of ${RUNS}; yardstick: beside the empty Taro app`)
    await measure('ours (home data)', ourDist, server.url, '八字排盘')
    await measure('empty Taro app', emptyDist, server.url, 'Hello world')
  } finally {
    await server.stop()
  }
}
