import { useEffect, useState } from 'react'

/** Below antd's `md` breakpoint, where ProLayout turns the side menu into a drawer. */
const PHONE = '(max-width: 767.98px)'

/** Whether the console is on a phone-sized screen, following rotation and window resizes. */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches)
  useEffect(() => {
    const query = window.matchMedia(PHONE)
    const changed = () => setPhone(query.matches)
    query.addEventListener('change', changed)
    return () => query.removeEventListener('change', changed)
  }, [])
  return phone
}

/** Each column's title by the index of the body cell it heads (a title spanning columns heads each of them). */
function titlesOf(table: Element): string[] {
  const header = table.querySelector('.ant-table-thead > tr:last-child')
  const titles: string[] = []
  for (const th of Array.from(header?.children ?? [])) {
    const span = Number((th as HTMLTableCellElement).colSpan) || 1
    for (let i = 0; i < span; i++) titles.push(th.textContent?.trim() ?? '')
  }
  return titles
}

function label(root: ParentNode) {
  for (const table of Array.from(root.querySelectorAll('.ant-table'))) {
    const titles = titlesOf(table)
    for (const row of Array.from(table.querySelectorAll('.ant-table-tbody > tr.ant-table-row'))) {
      // Rows of a nested table belong to that table's own titles.
      if (row.closest('.ant-table') !== table) continue
      let column = 0
      for (const td of Array.from((row as HTMLTableRowElement).cells)) {
        const title = titles[column] ?? ''
        if (td.dataset.label !== title) td.dataset.label = title
        column += td.colSpan || 1
      }
    }
  }
}

/**
 * Lets every list read as cards on a phone without touching its screen: each body cell carries its column's title
 * as `data-label`, which console.css shows as 标签：值. Tables come and go with the route, paging and dialogs, so the
 * labels follow the document rather than each table's columns.
 */
export function useCardLabels(active: boolean): void {
  useEffect(() => {
    if (!active) return
    let frame = 0
    const soon = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0
          label(document)
        })
    }
    // Only added and removed nodes: the labels written are attributes, so writing them wakes no one.
    const observer = new MutationObserver(soon)
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    soon()
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [active])
}
