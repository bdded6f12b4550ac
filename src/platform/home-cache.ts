import type { HomeResponse } from '@contract'

/** Browser side: no copy of the home is kept; H5 starts its home request early instead (src/index.html). */
export const cachedHome = (): HomeResponse | undefined => undefined

export const keepHome = (_home: HomeResponse): void => undefined
