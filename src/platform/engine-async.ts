import { asyncChunk } from './async-chunk'

/**
 * The calculation engine (`src/metaphysics` with the date library, about 720 KB) in the mini-program:
 * one chunk in the pages/tools subpackage (which the home preloads), fetched by the pages that compute.
 */
export const engineChunk = asyncChunk(
  'the calculation engine',
  () => import(/* webpackChunkName: "pages/tools/engine" */ '../metaphysics/registry')
)
