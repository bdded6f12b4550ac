import type { ActionType } from '@ant-design/pro-components'
import { App } from 'antd'
import type { MutableRefObject } from 'react'

/** Runs a row action: its success text or the server's message, then the table reloads either way. */
export function useRowAction(table: MutableRefObject<ActionType | undefined>) {
  const { message } = App.useApp()
  return async (run: () => Promise<unknown>, done: string) => {
    try {
      await run()
      message.success(done)
    } catch (e) {
      message.error((e as Error).message)
    }
    table.current?.reload()
  }
}
