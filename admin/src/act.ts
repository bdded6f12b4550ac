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

/**
 * Saves a modal form (add or edit): its success text, then `saved` (close, reload), and true so the form closes;
 * on a refusal the server's message and false, so the form stays open. `always` runs after either (a reload).
 */
export function useFormSave({ saved, always }: { saved?: () => void; always?: () => void }) {
  const { message } = App.useApp()
  return async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await run()
      message.success(done)
      saved?.()
      return true
    } catch (e) {
      message.error((e as Error).message)
      return false
    } finally {
      always?.()
    }
  }
}
