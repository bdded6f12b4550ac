import { Modal } from 'antd'
import { useEffect, useState } from 'react'

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
    title: '有未保存的修改，确定离开吗？',
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

/**
 * An editor in a dialog or drawer: pass `changed` as its form's onValuesChange, close it through `close` (asks when
 * changed) and call `saved` once the server took it, so the close that follows a save asks nothing.
 */
export function useEditorGuard() {
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges(dirty)
  return {
    changed: () => setDirty(true),
    saved: () => {
      // At once, not at the next render: the dialog closes in the same event.
      unsaved = false
      setDirty(false)
    },
    close: (go: () => void) =>
      leave(() => {
        setDirty(false)
        go()
      })
  }
}

/**
 * A ProComponents ModalForm opened by its own trigger, held open here so a cancel with changes can ask first: spread
 * `props` onto it and wrap its onFinish in `finish` (a save that returns true closes it without asking).
 */
export function useModalFormGuard() {
  const [open, setOpen] = useState(false)
  const guard = useEditorGuard()
  return {
    props: {
      open,
      onOpenChange: (next: boolean) => (next ? setOpen(true) : guard.close(() => setOpen(false))),
      onValuesChange: guard.changed
    },
    finish:
      <T>(save: (values: T) => Promise<boolean>) =>
      async (values: T) => {
        const done = await save(values)
        if (done) guard.saved()
        return done
      }
  }
}
