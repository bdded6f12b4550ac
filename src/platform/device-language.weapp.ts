import Taro from '@tarojs/taro'

/** Mini-program: WeChat's own language (`zh_CN`, `zh_TW`, `en` …), which is what the user reads WeChat in. */
export function deviceLanguages(): readonly string[] {
  try {
    const { language } = Taro.getAppBaseInfo()
    return language ? [language] : []
  } catch {
    return []
  }
}

/** WeChat restarts the mini-program when its language changes: nothing to follow while it runs. */
export function onDeviceLanguageChange(_listener: () => void): () => void {
  return () => undefined
}
