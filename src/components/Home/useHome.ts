import { arrivedHome, getHome } from '@/api'
import { useRemote } from '@/hooks/useRemote'

/** Home data (banners, icon grid, sections) for both home routes. */
export function useHome() {
  return useRemote(() => getHome(), [], arrivedHome)
}
