import fs from 'node:fs'
import path from 'node:path'

import { settingsSchema } from '../../server/config'

// js-yaml comes with jest (istanbul); compose files are YAML.
const yaml = require('js-yaml') as { load(text: string): unknown }

/**
 * deploy/ is checked here where Docker is not available (CI builds the image when it is): the compose
 * file parses and has the multi-machine shape, every setting it passes is one the server reads, and
 * the Dockerfile and nginx config point at things that exist.
 */
const root = path.resolve(__dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

interface Service {
  image?: string
  build?: { dockerfile: string }
  environment?: Record<string, string>
}
const compose = yaml.load(read('deploy/compose.yaml')) as { services: Record<string, Service> }
const apps = Object.entries(compose.services).filter(([, s]) => s.build)

test('PostgreSQL, an S3 store, two app containers and a reverse proxy', () => {
  expect(compose.services.postgres.image).toMatch(/^postgres:/)
  expect(compose.services.minio.image).toMatch(/^minio\//)
  expect(compose.services.proxy.image).toMatch(/^nginx/)
  expect(apps.map(([name]) => name)).toEqual(['app1', 'app2'])
})

test('the app containers share the database, the bucket and the media secret, with settings the server reads', () => {
  const readme = read('README.md')
  const serverReadme = read('server/README.md')
  const settings = Object.keys(settingsSchema.shape)
  for (const [, app] of apps) {
    expect(app.environment).toEqual(apps[0][1].environment)
    expect(app.environment).toMatchObject({ STORAGE: 's3', TRUST_PROXY: '1' })
    expect(app.environment!.DATABASE_URL).toMatch(/@postgres:5432\//)
    for (const name of Object.keys(app.environment!)) {
      expect(settings).toContain(name)
      expect(readme).toContain(`\`${name}\``)
      expect(serverReadme).toContain(`\`${name}\``)
    }
  }
})

test('the Dockerfile and the proxy point at what exists', () => {
  const dockerfile = read('deploy/Dockerfile')
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[]
  expect(fs.existsSync(path.join(root, cmd[cmd.length - 1]))).toBe(true)
  const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>
  for (const [, script] of dockerfile.matchAll(/npm run ([\w:]+)/g)) expect(scripts[script]).toBeDefined()
  const port = /PORT=(\d+)/.exec(dockerfile)![1]
  const nginx = read('deploy/nginx.conf')
  for (const [name] of apps) expect(nginx).toContain(`server ${name}:${port}`)
  expect(nginx).toContain('proxy_pass http://minio:9000')
})

test('the image holds its own install and builds (both apps), and the bucket gets the course media', () => {
  const ignored = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
  for (const entry of ['node_modules', 'dist', '.data', '.git', '.env']) expect(ignored).toContain(entry)
  const dockerfile = read('deploy/Dockerfile')
  expect(dockerfile).toContain('npm run build:h5')
  expect(dockerfile).toContain('npm run build:admin')
  const app = compose.services.app1 as Service & { command?: string[] }
  expect(app.command?.join(' ')).toMatch(/npm run storage:migrate && exec node --import tsx server\/main\.ts/)
})
