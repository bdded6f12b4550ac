import Taro from '@tarojs/taro'

import { createStorage, type StorageBackend } from '@/core/storage'

/** Taro's synchronous storage: localStorage on H5, wx storage in the mini-program. */
const taroBackend: StorageBackend = {
  get: (key) => Taro.getStorageSync(key),
  set: (key, value) => Taro.setStorageSync(key, value),
  remove: (key) => Taro.removeStorageSync(key),
  clear: () => Taro.clearStorageSync()
}

export const appStorage = createStorage(taroBackend)
