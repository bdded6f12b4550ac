import { getHome } from '../../api/index'
import { useRemote } from '../../hooks/useRemote'

/** Home data (banners, icon grid, sections) for both home routes. */
export function useHome() {
  return useRemote(() => getHome(), [])
}
