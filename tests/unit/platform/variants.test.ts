jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())

/**
 * Each platform module has a browser file (x.ts) and a mini-program file (x.weapp.ts) that the build
 * picks by target: both must offer the same exports, or one target breaks at build time.
 */
const PAIRS = ['env', 'login', 'share', 'wechat-pay', 'compass', 'debug', 'navMetrics', 'tabs', 'page-load', 'privacy', 'virtual-goods']

describe('platform variants', () => {
  it.each(PAIRS)('%s.ts and %s.weapp.ts export the same names', (name) => {
    const browser = Object.keys(jest.requireActual(`@/platform/${name}`)).sort()
    const weapp = Object.keys(jest.requireActual(`@/platform/${name}.weapp`)).sort()
    expect(weapp).toEqual(browser)
  })
})
