import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { type AppJson, duplicatedChunks, packageSizes, weappSizeReport } from '../../scripts/lib/weapp-rules'

const app: AppJson = {
  pages: ['pages/index/index'],
  subPackages: [
    { root: 'pkgA', pages: ['a'] },
    { root: 'pkgB', pages: ['b'] }
  ]
}

const made: string[] = []
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

function dist(files: Record<string, string | number>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-weapp-'))
  made.push(dir)
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), typeof content === 'number' ? Buffer.alloc(content, 'x') : content)
  }
  return dir
}

test('a chunk copied into two subpackages counts once as duplicated; the same bytes in one package do not', () => {
  const engine = 'x'.repeat(3000)
  const dir = dist({
    'app.js': 'app',
    'pages/index/index.js': 'index',
    'pkgA/a.js': 'a',
    'pkgA/sub-common/engine.js': engine,
    'pkgB/b.js': 'b',
    'pkgB/sub-common/engine.js': engine,
    'pkgB/same-as-b.js': 'b',
    'pkgA/a.wxml': 'b',
    // Two pages' style files that read the same are not a copied chunk.
    'pkgA/a.wxss': '@import "./sub-vendors.wxss";',
    'pkgB/b.wxss': '@import "./sub-vendors.wxss";'
  })
  expect(packageSizes(dir, app)).toEqual([
    { name: 'main', bytes: 8 },
    { name: 'pkgA', bytes: 3031 },
    { name: 'pkgB', bytes: 3031 }
  ])
  const dup = duplicatedChunks(dir, app)
  // Twice in pkgB only, or a page template: not a copied chunk.
  expect(dup.chunks.map((c) => c.files)).toEqual([['pkgA/sub-common/engine.js', 'pkgB/sub-common/engine.js']])
  expect(dup.bytes).toBe(3000)
  // check:weapp (and so CI) fails on it.
  expect(weappSizeReport(dir, app).problems).toEqual([
    '2.9 KB of code copied into several packages (config/weapp-shared.ts)'
  ])
})

test('a main package over 500 KB warns, over 2 MB fails', () => {
  const warned = weappSizeReport(dist({ 'app.js': 600 * 1024 }), app)
  expect(warned.warnings).toEqual(['package main is 600.0 KB, over the yardstick of 500 KB'])
  expect(warned.problems).toEqual([])
  const failed = weappSizeReport(dist({ 'app.js': 2049 * 1024 }), app)
  expect(failed.problems).toEqual(["package main is 2049.0 KB, over WeChat's 2048 KB"])
})

test('a webpack module in two packages counts as duplicated even when the files that carry it differ', () => {
  const chunk = (id: number, modules: Record<number, string>) =>
    `"use strict";require("./x.js");(wx["webpackJsonp"]=wx["webpackJsonp"]||[]).push([[${id}],{${Object.entries(modules)
      .map(([m, body]) => `${m}:function(e,t,n){${body}}`)
      .join(',')}}]);`
  const engine = `var table=${JSON.stringify('x'.repeat(2000))};`
  const dir = dist({
    'app.js': 'app',
    'pages/index/index.js': 'index',
    // The same module 42 inside a page chunk of pkgA and a vendors chunk of pkgB, each with other modules.
    'pkgA/a.js': chunk(1, { 42: engine, 7: 'e.exports=1' }),
    'pkgB/sub-vendors.js': chunk(2, { 42: engine, 8: 'e.exports=2' }),
    'pkgB/b.js': chunk(3, { 9: 'e.exports=3' }),
    // Fetched by require.async from the other package: one copy, not duplicated.
    'pkgA/lunar.js': chunk(4, { 77: 'e.exports="lunar"' })
  })
  const dup = duplicatedChunks(dir, app)
  expect(dup.chunks.map((c) => [c.what, c.packages])).toEqual([['module 42', ['pkgA', 'pkgB']]])
  expect(dup.bytes).toBe(`function(e,t,n){${engine}}`.length)
})
