import Taro from '@tarojs/taro'

export type Passed = { ticket: string; randstr: string } | undefined

/** Development's stand-in for the human check: a dialog to confirm. The server's simulator takes its ticket. */
export async function simulatedCheck(): Promise<Passed> {
  const { confirm } = await Taro.showModal({
    title: '安全验证',
    content: '开发环境的模拟人机验证：点“通过”继续获取验证码',
    confirmText: '通过',
    cancelText: '取消'
  })
  return confirm ? { ticket: `simulated:${Date.now().toString(36)}`, randstr: 'simulated' } : undefined
}
