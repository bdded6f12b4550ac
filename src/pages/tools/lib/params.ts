import Taro from '@tarojs/taro'

/** The current page's query parameters (what a share link or deep link carries). */
export function pageParams(): Record<string, string> {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') out[key] = safeDecode(value)
  }
  return out
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
