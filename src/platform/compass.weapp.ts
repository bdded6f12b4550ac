import Taro from '@tarojs/taro'

import { type CompassWatch, normalizeDegrees } from '@/core/compass'

/** Mini-program compass (wx.startCompass); same exports as compass.ts. */
export async function watchCompass(onHeading: (degrees: number) => void): Promise<CompassWatch> {
  const listener = (result: { direction: number }) => onHeading(normalizeDegrees(result.direction))
  try {
    await Taro.startCompass()
  } catch {
    return { status: 'unsupported', stop: () => undefined }
  }
  Taro.onCompassChange(listener)
  return {
    status: 'ok',
    stop: () => {
      Taro.offCompassChange(listener)
      void Taro.stopCompass().catch(() => undefined)
    }
  }
}
