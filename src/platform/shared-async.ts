import { asyncChunk } from './async-chunk'

/**
 * Mini-program: the modules that pages of several subpackages use (config/weapp-shared.ts), shipped once
 * as one chunk in the pages/my subpackage (which the launch page preloads) and fetched before such a page
 * runs, instead of a copy in each subpackage.
 */
export const sharedChunk = asyncChunk(
  'the shared code',
  () => import(/* webpackChunkName: "pages/my/shared" */ './shared-registry')
)
