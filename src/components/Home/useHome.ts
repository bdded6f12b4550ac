import { arrivedHome, getHome } from '@/api'
import { useRemote } from '@/hooks/useRemote'
import { cachedHome, keepHome } from '@/platform/home-cache'

const loadHome = async () => {
  const home = await getHome()
  keepHome(home)
  return home
}

/**
 * Home data (banners, icon grid, sections) for both home routes: what H5's early request brought, else the last
 * home the mini-program showed, drawn at once and refreshed.
 */
export function useHome() {
  return useRemote(loadHome, [], arrivedHome, cachedHome)
}
