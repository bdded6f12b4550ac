jest.mock('@tarojs/taro', () => {
  const module = require('./fake-taro').fakeTaroModule()
  module.default.getUserCryptoManager = jest.fn(() => ({
    getRandomValues: ({ length, success }: { length: number; success: (r: { randomValues: ArrayBuffer }) => void }) =>
      success({ randomValues: Uint8Array.from({ length }, (_, i) => i * 7).buffer })
  }))
  return module
})

import Taro from '@tarojs/taro'

import { randomBytes } from '../../../src/platform/random.weapp'

describe('mini-program random bytes (no Web Crypto there)', () => {
  it("come from WeChat's user crypto manager, as many as asked", async () => {
    await expect(randomBytes(4)).resolves.toEqual(Uint8Array.from([0, 7, 14, 21]))
  })

  it('say what to do when the WeChat version has no crypto manager', async () => {
    ;(Taro as any).getUserCryptoManager = undefined
    await expect(randomBytes(4)).rejects.toThrow('请手动输入')
  })
})
