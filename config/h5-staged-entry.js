// H5 only. Taro's H5 loader (@tarojs/taro-loader/lib/h5) writes the app's entry as static imports, then
// the lines that create the app, mount it and start the router: the browser runs all of it in one task,
// ~60 ms on this machine and four times that on the phone Lighthouse models, with the home's first
// banner already on screen (src/index.html) and the page unable to answer a tap. This loader splits it
// into tasks with the main thread free between them, the same modules evaluated:
//   1. each in a task of its own: React and React DOM (CommonJS, nothing for webpack to shake), Taro's
//      React runtime (all of it used; first, as in Taro's entry, since it sets up Taro's runtime for
//      React), the app's own root (src/app.ts, with the stores and the platform folder). Taro's entry
//      imports its router before the app's root; here the router is evaluated after it, which is safe
//      as the router's modules only define what createRouter runs later;
//   2. Taro's entry as Taro wrote it (`?taro-entry`), its static imports kept, so webpack still leaves
//      out what the app does not use;
//   3. from `var inst = createReactApp(...)` on, in the next task: the app created and mounted; and in
//      the task after, the router started, which launches the app and mounts the first page. Each page
//      is mounted as a React transition, which React renders in slices of a few milliseconds rather than
//      in one task (it commits the page whole, as before).
// The build fails if Taro ever writes the entry differently, rather than shipping it unsplit.
const path = require('node:path')

const QUERY = '?taro-entry'
// Each with the exports the entry takes from it, so that webpack keeps out the rest as before.
const FIRST = [
  ['react'],
  ['react-dom/client'],
  ['@tarojs/plugin-framework-react/dist/runtime', 'createReactApp'],
  ['./app', 'default']
]
const APP_CREATED = /^var inst = .*\n/m
const ROUTER_STARTED = /^createRouter\(/m
const MOUNT_AS_TRANSITION =
  'inst.mount = ((mount) => function (...args) { React.startTransition(() => mount.apply(this, args)) })(inst.mount)\n'

// Posted through a MessageChannel: runs as soon as the thread is free, without a timer's clamping.
const NEXT_TASK =
  'new Promise((resolve) => { const c = new MessageChannel(); ' +
  'c.port1.onmessage = () => { c.port1.close(); resolve() }; c.port2.postMessage(null) })'

const RETHROWN = '.catch((error) => setTimeout(() => { throw error }))'
const eager = (request, ...exports) => {
  const only = exports.length ? `, webpackExports: ${JSON.stringify(exports)}` : ''
  return `await import(/* webpackMode: "eager"${only} */ ${JSON.stringify(request)})`
}

module.exports = function stagedEntry(source) {
  if (this.resourceQuery !== QUERY) {
    return [
      ';(async () => {',
      ...FIRST.flatMap((stage) => [eager(...stage), `await ${NEXT_TASK}`]),
      eager(`./${path.basename(this.resourcePath)}${QUERY}`),
      `})()${RETHROWN}`,
      ''
    ].join('\n')
  }
  const created = APP_CREATED.exec(source)
  const routed = source.search(ROUTER_STARTED)
  const taroWroteIt =
    created &&
    routed > created.index &&
    source.includes("import * as React from 'react'") &&
    source.includes("from 'react-dom/client'")
  if (!taroWroteIt) throw new Error('config/h5-staged-entry.js: Taro no longer writes the H5 entry as expected')
  const afterCreated = created.index + created[0].length
  return [
    source.slice(0, created.index),
    ';(async () => {',
    `await ${NEXT_TASK}`,
    `${created[0]}${MOUNT_AS_TRANSITION}${source.slice(afterCreated, routed)}`,
    `await ${NEXT_TASK}`,
    source.slice(routed),
    `})()${RETHROWN}`,
    ''
  ].join('\n')
}
