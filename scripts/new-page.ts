/**
 * `npm run new:page <route> <中文标题>`: a new page of ours, e.g.
 *   npm run new:page pages/help/help 帮助中心
 * writes src/<route>.tsx, its .config.ts and .scss, a page test in tests/app/, and the route's entry in
 * contract/routes.ts (as one of our routes beyond the spec's list). The route's package follows from its
 * path (SUBPACKAGE_ROOTS). Refuses a route that exists or a path that is not folder/…/name.
 */
import fs from 'node:fs'
import path from 'node:path'

import { findRoute } from '../contract/routes'

const ROOT = path.join(__dirname, '..')

export function newPage(route: string, title: string, root = ROOT): string[] {
  if (!/^[a-z][a-zA-Z0-9]*(\/[a-z][a-zA-Z0-9]*)+$/.test(route))
    throw new Error(`不是页面路径（如 pages/help/help）：${route}`)
  if (!/[\u4e00-\u9fff]/.test(title)) throw new Error('请给出中文标题')
  const routesFile = path.join(root, 'contract/routes.ts')
  const table = fs.readFileSync(routesFile, 'utf8')
  if (findRoute(route) || table.includes(`'${route}'`)) throw new Error(`路由已存在：${route}`)
  const file = path.join(root, 'src', route)
  if (fs.existsSync(`${file}.tsx`)) throw new Error(`文件已存在：src/${route}.tsx`)

  const name = path.basename(route)
  const component = name[0].toUpperCase() + name.slice(1) + 'Page'
  const cssClass = route.replace(/\//g, '-').replace(/([A-Z])/g, (c) => `-${c.toLowerCase()}`)
  const constName = route
    .replace(/\//g, '_')
    .replace(/([A-Z])/g, '_$1')
    .toUpperCase()
  const testFile = path.join(root, 'tests/app', `${route.replace(/\//g, '-')}.test.tsx`)
  const written = [`${file}.tsx`, `${file}.config.ts`, `${file}.scss`, testFile]

  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(
    `${file}.tsx`,
    `import { Text, View } from '@tarojs/components'
import Page from '@/components/Page'
import './${name}.scss'

/** ${route}: ${title}. */
export default function ${component}() {
  return (
    <Page>
      <View className='${cssClass}'>
        <Text className='${cssClass}__title'>${title}</Text>
      </View>
    </Page>
  )
}
`
  )
  fs.writeFileSync(
    `${file}.config.ts`,
    `import { pageConfig } from '@/page-config'\n\nexport default definePageConfig(pageConfig('${route}'))\n`
  )
  fs.writeFileSync(`${file}.scss`, `.${cssClass} {\n  padding: 24px 16px;\n}\n`)
  fs.writeFileSync(
    testFile,
    `import ${component} from '@/${route}'
import { renderPage } from './render'

describe('${route}', () => {
  it('shows its title', async () => {
    const { container } = await renderPage(${component}, { route: '${route}' })
    expect(container.textContent).toContain('${title}')
  })
})
`
  )
  const withConst = table.replace(
    /\n\/\*\* Routes of ours beyond the spec's list\. \*\/\nexport const EXTRA_ROUTES = \[([^\]]*)\]/,
    (_, list: string) =>
      `\n/** ${title} (ours). */\nexport const ${constName} = '${route}'\n` +
      `/** Routes of ours beyond the spec's list. */\nexport const EXTRA_ROUTES = [${list}, ${constName}]`
  )
  const start = withConst.indexOf('export const ROUTES: Route[] = [')
  const end = withConst.indexOf('\n]\n', start)
  const withRoute =
    start < 0 || end < 0
      ? withConst
      : `${withConst.slice(0, end)},\n  r(${constName}, '${title}')${withConst.slice(end)}`
  if (withConst === table || withRoute === withConst) throw new Error('contract/routes.ts 的格式变了：请手动登记路由')
  fs.writeFileSync(routesFile, withRoute)
  written.push(routesFile)
  return written.map((f) => path.relative(root, f))
}

if (require.main === module) {
  const [route, title] = process.argv.slice(2)
  if (!route || !title) {
    console.error('用法：npm run new:page <route> <中文标题>，例如 npm run new:page pages/help/help 帮助中心')
    process.exit(1)
  }
  try {
    for (const f of newPage(route, title)) console.log(`wrote ${f}`)
  } catch (e) {
    console.error((e as Error).message)
    process.exit(1)
  }
}
