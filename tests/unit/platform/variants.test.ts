import fs from 'node:fs'
import path from 'node:path'

import ts from 'typescript'

/**
 * Each platform module has a browser file (x.ts) and a mini-program file (x.weapp.ts) that the build
 * picks by target: both must offer the same exported values (types may live in one), or one target breaks at build
 * time. The pairs are
 * found by scanning, so a new one is checked without being listed; and a `.weapp.` file anywhere else
 * fails, because platform differences live in src/platform alone.
 */
const SRC = path.join(__dirname, '../../../src')
const PLATFORM = path.join(SRC, 'platform')

function exportedNames(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const names = new Set<string>()
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  const isDefault = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
  for (const node of source.statements) {
    if (ts.isExportAssignment(node)) names.add('default')
    else if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const el of node.exportClause.elements) names.add(el.name.text)
    } else if (exported(node) && !ts.isInterfaceDeclaration(node) && !ts.isTypeAliasDeclaration(node)) {
      if (isDefault(node)) names.add('default')
      else if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text)
      } else if ('name' in node && node.name && ts.isIdentifier(node.name as ts.Node)) {
        names.add((node.name as ts.Identifier).text)
      }
    }
  }
  return [...names].sort()
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? walk(full) : [full]
  })
}

const pairs = fs
  .readdirSync(PLATFORM)
  .filter((f) => /\.weapp\.tsx?$/.test(f))
  .map((weapp) => [weapp.replace('.weapp', ''), weapp])

describe('platform variants', () => {
  it('finds the pairs by scanning src/platform', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(18)
    expect(pairs.map(([browser]) => browser)).toEqual(
      expect.arrayContaining(['env.ts', 'Carousel.tsx', 'ClassMap.tsx'])
    )
  })

  it.each(pairs)('%s and %s export the same names', (browser, weapp) => {
    expect(fs.existsSync(path.join(PLATFORM, browser))).toBe(true)
    const names = exportedNames(path.join(PLATFORM, browser))
    expect(names.length).toBeGreaterThan(0)
    expect(exportedNames(path.join(PLATFORM, weapp))).toEqual(names)
  })

  it('has no mini-program variant outside src/platform', () => {
    const stray = walk(SRC).filter((f) => /\.weapp\.\w+$/.test(f) && !f.startsWith(PLATFORM + path.sep))
    expect(stray.map((f) => path.relative(SRC, f))).toEqual([])
  })
})
