import Taro from '@tarojs/taro'

/** The mini-program has no Web Crypto: WeChat's user crypto manager gives cryptographic random bytes. */
export function randomBytes(count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const manager = Taro.getUserCryptoManager?.()
    if (!manager) return reject(new Error('当前微信版本过低，请手动输入'))
    manager.getRandomValues({
      length: count,
      success: ({ randomValues }) => resolve(new Uint8Array(randomValues)),
      fail: () => reject(new Error('获取随机数失败，请手动输入'))
    })
  })
}
