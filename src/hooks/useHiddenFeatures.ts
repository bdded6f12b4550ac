import { useEffect, useState } from 'react'

import { hiddenFeatures, onFeaturesChange } from '@/core/features'

/** The features this client hides, re-rendering when the server's answer changes them. */
export function useHiddenFeatures(): readonly string[] {
  const [hidden, setHidden] = useState(hiddenFeatures)
  useEffect(() => {
    setHidden(hiddenFeatures())
    return onFeaturesChange(setHidden)
  }, [])
  return hidden
}
