import { useSyncExternalStore } from 'react'

// An operator who asked their system for less motion gets the console without antd's zooms and slides (WCAG 2.3.3).
const query = window.matchMedia('(prefers-reduced-motion: reduce)')

const subscribe = (changed: () => void) => {
  query.addEventListener('change', changed)
  return () => query.removeEventListener('change', changed)
}

/** Whether the system asks for reduced motion, following the setting as it changes. */
export const useReducedMotion = (): boolean => useSyncExternalStore(subscribe, () => query.matches)
