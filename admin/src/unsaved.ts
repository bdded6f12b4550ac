import { Modal } from 'antd'
import { useEffect } from 'react'

/** Whether the screen on show holds changes not saved yet (one screen at a time is open). */
let unsaved = false

/**
 * Marks the screen as holding unsaved work while `dirty`: closing or reloading the tab asks first (the
 * browser's own prompt), and leaving through the console's menu or the screen's back button asks through
 * `leave`. (The console's HashRouter cannot hold a browser Back; the work is lost only there.)
 */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    unsaved = dirty
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => {
      window.removeEventListener('beforeunload', warn)
      unsaved = false
    }
  }, [dirty])
}

/** Runs `go` at once, or after the operator agrees to drop the unsaved changes. */
export function leave(go: () => void): void {
  if (!unsaved) return go()
  Modal.confirm({
    title: '有未保存的修改',
    content: '离开后，这次填写的内容将会丢失。',
    okText: '放弃修改并离开',
    cancelText: '继续编辑',
    okButtonProps: { danger: true },
    onOk: () => {
      unsaved = false
      go()
    }
  })
}
