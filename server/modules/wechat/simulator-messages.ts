import { KIND_MAX, kindOfKey } from '../notify/fields'
import type { MessageApi } from '../notify/message-api'

/**
 * WeChat's message APIs as the simulator answers them: a message whose values WeChat would refuse
 * (a value longer than its key's type takes) gets WeChat's 47003, anything else is taken. Nothing leaves
 * the machine; the console's 发送记录 shows what would have been sent.
 */
export function simulatorMessages(): MessageApi {
  const check = (data: Record<string, { value: string }>) => {
    for (const [key, { value }] of Object.entries(data)) {
      const kind = kindOfKey(key)
      if (!kind || Array.from(value).length > KIND_MAX[kind])
        return { errcode: 47003, errmsg: `argument invalid! data.${key}.value invalid` }
    }
    return { errcode: 0, errmsg: 'ok' }
  }
  return {
    sendSubscribe: async (msg) => check(msg.data),
    sendTemplate: async (msg) => check(msg.data)
  }
}
