import { useCallback, useEffect, useState } from 'react'

import { deleteDivination, getDivinations, saveDivination } from '@/api/house'
import { errorMessage } from '@/core/errors'
import { sessionStore } from '@/stores'

import { addToHistory, clearHistory, type DivinationRecord, HISTORY_LIMIT, loadHistory } from './history'

export type HistoryRecord = DivinationRecord & { id?: number }

/**
 * The chart history: a logged-in user's comes from the server (kept with the account), a visitor's
 * from this device.
 */
export function useDivinationHistory() {
  const onServer = sessionStore.isLoggedIn
  const [list, setList] = useState<HistoryRecord[]>(() => (onServer ? [] : loadHistory()))
  const [error, setError] = useState('')

  const reload = useCallback(async () => {
    try {
      const page = await getDivinations({ page: 1, per_page: HISTORY_LIMIT })
      setList(
        page.list.map((r) => ({ id: r.id, question: r.question, date: r.date, values: r.values, title: r.title }))
      )
      setError('')
    } catch (e) {
      setError(`起卦记录加载失败：${errorMessage(e)}`)
    }
  }, [])

  useEffect(() => {
    if (onServer) void reload()
  }, [onServer, reload])

  const add = async (record: DivinationRecord) => {
    if (!onServer) {
      setList(addToHistory(record))
      return
    }
    try {
      await saveDivination(record)
      await reload()
    } catch (e) {
      setError(`起卦记录保存失败：${errorMessage(e)}`)
    }
  }

  const remove = async (record: HistoryRecord) => {
    if (!record.id) return
    try {
      await deleteDivination(record.id)
      await reload()
    } catch (e) {
      setError(`删除失败：${errorMessage(e)}`)
    }
  }

  const clear = () => {
    clearHistory()
    setList([])
  }

  return { onServer, list, error, add, remove, clear }
}
