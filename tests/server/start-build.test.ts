import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * `npm start` (server/start.ts): builds the H5 app and the operator console first when a build is
 * missing or older than its sources, then starts the server. The build and the server are faked here; what is tested
 * is the
 * decision and the order (build, then serve).
 */
const calls: string[] = []
const outputRoots: string[] = []
jest.mock('node:child_process', () => ({
  spawnSync: jest.fn((cmd: string, args: string[], opts: { env: Record<string, string> }) => {
    calls.push(`build:${cmd} ${args.join(' ')}`)
    outputRoots.push(opts.env.OUTPUT_ROOT)
    return { status: 0 }
  })
}))
jest.mock('../../server/main', () => ({
  main: jest.fn(async () => {
    calls.push('serve')
  })
}))

const root = path.resolve(__dirname, '../..')
let dist: string
let adminDist: string
const savedDist = process.env.DIST_DIR
const savedAdminDist = process.env.ADMIN_DIST_DIR
const ADMIN_BUILD = (dir: string) => `build:npx vite build --config admin/vite.config.ts --outDir ${dir}`

beforeEach(() => {
  calls.length = 0
  outputRoots.length = 0
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-start-'))
  process.env.DIST_DIR = dist
  // A console build newer than every file: these tests are about the H5 build unless they say otherwise.
  adminDist = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-start-admin-'))
  process.env.ADMIN_DIST_DIR = adminDist
  const adminIndex = path.join(adminDist, 'index.html')
  fs.writeFileSync(adminIndex, '<!doctype html>')
  const future = new Date(Date.now() + 3_600_000)
  fs.utimesSync(adminIndex, future, future)
  jest.spyOn(console, 'log').mockImplementation(() => undefined)
})
afterEach(() => {
  fs.rmSync(dist, { recursive: true, force: true })
  fs.rmSync(adminDist, { recursive: true, force: true })
  if (savedDist === undefined) delete process.env.DIST_DIR
  else process.env.DIST_DIR = savedDist
  if (savedAdminDist === undefined) delete process.env.ADMIN_DIST_DIR
  else process.env.ADMIN_DIST_DIR = savedAdminDist
  jest.restoreAllMocks()
})

async function runStart(): Promise<string[]> {
  jest.isolateModules(() => {
    require('../../server/start')
  })
  await new Promise((resolve) => setImmediate(resolve))
  return [...calls]
}

/** The newest modification time of what the H5 build is made from (folders count themselves too). */
function newestSource(): number {
  let newest = 0
  const walk = (file: string) => {
    if (!fs.existsSync(file)) return
    const stat = fs.statSync(file)
    newest = Math.max(newest, stat.mtimeMs)
    if (stat.isDirectory()) for (const e of fs.readdirSync(file)) walk(path.join(file, e))
  }
  for (const input of [
    'src',
    'config',
    'types',
    'babel.config.js',
    'tsconfig.json',
    'package.json',
    'package-lock.json'
  ])
    walk(path.join(root, input))
  return newest
}

test('without a build: builds the H5 app with taro into the folder it serves, then serves', async () => {
  expect(await runStart()).toEqual(['build:npx taro build --type h5', 'serve'])
  expect(outputRoots).toEqual([dist])
})

test('a build newer than every source is served as it is', async () => {
  const index = path.join(dist, 'index.html')
  fs.writeFileSync(index, '<!doctype html>')
  const later = new Date(newestSource() + 60_000)
  fs.utimesSync(index, later, later)
  expect(await runStart()).toEqual(['serve'])
})

test('a build older than a source file is made again', async () => {
  const index = path.join(dist, 'index.html')
  fs.writeFileSync(index, '<!doctype html>')
  const earlier = new Date(newestSource() - 60_000)
  fs.utimesSync(index, earlier, earlier)
  expect(await runStart()).toEqual(['build:npx taro build --type h5', 'serve'])
})

test('deleting a source file (its folder changes) makes the build again', async () => {
  const scratch = fs.mkdtempSync(path.join(root, 'src', '.start-test-'))
  try {
    fs.writeFileSync(path.join(scratch, 'gone.ts'), '')
    const index = path.join(dist, 'index.html')
    fs.writeFileSync(index, '<!doctype html>')
    const built = new Date(newestSource() + 1)
    fs.utimesSync(index, built, built)
    expect(await runStart()).toEqual(['serve'])

    await new Promise((resolve) => setTimeout(resolve, 20))
    fs.rmSync(path.join(scratch, 'gone.ts'))
    calls.length = 0
    expect(await runStart()).toEqual(['build:npx taro build --type h5', 'serve'])
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
})

test('the console is built into ADMIN_DIST_DIR when missing or older than admin/ or the shared API types', async () => {
  const index = path.join(dist, 'index.html')
  fs.writeFileSync(index, '<!doctype html>')
  const later = new Date(newestSource() + 60_000)
  fs.utimesSync(index, later, later)
  fs.rmSync(path.join(adminDist, 'index.html'))
  expect(await runStart()).toEqual([ADMIN_BUILD(adminDist), 'serve'])

  const adminIndex = path.join(adminDist, 'index.html')
  fs.writeFileSync(adminIndex, '<!doctype html>')
  const beforeContract = new Date(fs.statSync(path.join(root, 'contract/admin.ts')).mtimeMs - 60_000)
  fs.utimesSync(adminIndex, beforeContract, beforeContract)
  calls.length = 0
  expect(await runStart()).toEqual([ADMIN_BUILD(adminDist), 'serve'])
})
