import { type LaunchEnv, type LoginOutcome, reportPageView, runLaunch } from '../../../src/core/launch'
import { createStorage } from '../../../src/core/storage'
import { createMemoryBackend } from './memory-storage'

function env(overrides: Partial<LaunchEnv> = {}, outcome: LoginOutcome = 'logged-in') {
  const steps: string[] = []
  const storage = createStorage(createMemoryBackend())
  const launchEnv: LaunchEnv = {
    storage,
    query: undefined,
    currentUrl: 'http://h5.test/#/pages/my/my',
    insideWechat: true,
    openDebugConsole: () => steps.push('debug'),
    wechatLogin: async () => {
      steps.push(`login refereeId=${storage.get('refereeId')} pathUrl=${storage.get('pathUrl')}`)
      return outcome
    },
    configureJsSdk: async () => steps.push('jssdk'),
    log: (message) => steps.push(`log ${message}`),
    ...overrides
  }
  return { launchEnv, steps, storage }
}

describe('runLaunch (docs/spec.md §4)', () => {
  it('runs debug console, referee, pathUrl, login, JS-SDK in that order', async () => {
    const { launchEnv, steps, storage } = env({ query: { referee_id: '42' } })
    storage.set('VConsole', true)
    await runLaunch(launchEnv)
    expect(steps).toEqual(['debug', 'login refereeId=42 pathUrl=http://h5.test/#/pages/my/my', 'jssdk'])
  })

  it('lets public requests go once the referrer is stored, before the login (outside WeChat too)', async () => {
    const seen: string[] = []
    const inWechat = env({ query: { referee_id: '9' } })
    inWechat.launchEnv.referrerKnown = () => seen.push(`public refereeId=${inWechat.storage.get('refereeId')}`)
    await runLaunch(inWechat.launchEnv)
    expect(seen).toEqual(['public refereeId=9'])
    expect(inWechat.steps[0]).toMatch(/^login/)
    const outside = env({ insideWechat: false })
    outside.launchEnv.referrerKnown = () => seen.push('outside')
    await runLaunch(outside.launchEnv)
    expect(seen).toEqual(['public refereeId=9', 'outside'])
  })

  it('stores referee_id 42 from the launch query and "" when absent', async () => {
    const withReferee = env({ query: { referee_id: 42 }, insideWechat: false })
    await runLaunch(withReferee.launchEnv)
    expect(withReferee.storage.get('refereeId')).toBe('42')

    const without = env({ query: { course_id: '3' }, insideWechat: false })
    without.storage.set('refereeId', 'old')
    await runLaunch(without.launchEnv)
    expect(without.storage.get('refereeId')).toBeUndefined()
    expect(without.storage.get('refereeId') ?? '').toBe('')
  })

  it('takes the referrer from the scene of a mini-program code, as WeChat hands it over encoded', async () => {
    const scanned = env({ query: { scene: encodeURIComponent('referee_id=57') }, insideWechat: false })
    await runLaunch(scanned.launchEnv)
    expect(scanned.storage.get('refereeId')).toBe('57')

    const otherScene = env({ query: { scene: 'course_id%3D3' }, insideWechat: false })
    await runLaunch(otherScene.launchEnv)
    expect(otherScene.storage.get('refereeId') ?? '').toBe('')
  })

  it('opens no debug console without the flag', async () => {
    const { launchEnv, steps } = env()
    await runLaunch(launchEnv)
    expect(steps).not.toContain('debug')
  })

  it('skips the login when isLoggedIn is set and still configures the JS-SDK', async () => {
    const { launchEnv, steps, storage } = env()
    storage.set('isLoggedIn', true)
    await runLaunch(launchEnv)
    expect(steps).toEqual(['jssdk'])
  })

  it('stops after the login when the page is leaving for the authorize page', async () => {
    const { launchEnv, steps } = env({}, 'redirecting')
    await runLaunch(launchEnv)
    expect(steps).toEqual([expect.stringMatching(/^login/)])
  })

  it('a stopped login still configures the JS-SDK (sharing works for visitors)', async () => {
    const { launchEnv, steps } = env({}, 'stopped')
    await runLaunch(launchEnv)
    expect(steps[1]).toBe('jssdk')
  })

  it('outside WeChat neither logs in nor configures the JS-SDK, but stores pathUrl', async () => {
    const { launchEnv, steps, storage } = env({ insideWechat: false, currentUrl: 'http://h5.test/#/' })
    await runLaunch(launchEnv)
    expect(steps).toEqual([])
    expect(storage.get('pathUrl')).toBe('http://h5.test/#/')
  })

  it('only logs a failed JS-SDK configuration', async () => {
    const { launchEnv, steps, storage } = env({ configureJsSdk: () => Promise.reject(new Error('invalid signature')) })
    storage.set('isLoggedIn', true)
    await expect(runLaunch(launchEnv)).resolves.toBeUndefined()
    expect(steps).toEqual(['log 微信 JS-SDK 配置失败'])
  })
})

describe('reportPageView', () => {
  it('sends the path and only logs a failure', async () => {
    const send = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('offline'))
    const log = jest.fn()
    await reportPageView('/pages/my/my', send, log)
    await reportPageView('/pages/my/my', send, log)
    expect(send).toHaveBeenCalledWith('/pages/my/my')
    expect(log).toHaveBeenCalledTimes(1)
  })
})
