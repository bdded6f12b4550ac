import Taro from '@tarojs/taro'

/** Mini-program debug console: WeChat's own vConsole; same exports as debug.ts. */
export async function openDebugConsole(): Promise<void> {
  await Taro.setEnableDebug({ enableDebug: true })
}
