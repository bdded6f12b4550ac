import './index.scss'

import { MSG_NOT_OWNER } from '@contract'
import type { ReactNode } from 'react'

import type { PagedList } from '@/hooks/usePaged'
import { switchTab } from '@/navigation'
import { Box, Label, MiniButton } from '@/platform/plain'

export function Loading({ text = '加载中' }: { text?: string }) {
  return (
    <Box className="state state--loading" aria-busy="true">
      <Box className="state__spinner" />
      <Label className="state__text">{text}</Label>
    </Box>
  )
}

export function Empty({ text = '暂无内容' }: { text?: string }) {
  return (
    <Box className="state state--empty">
      <Box className="state__empty-icon" />
      <Label className="state__text">{text}</Label>
    </Box>
  )
}

/** A way out of a page that has nothing to show, e.g. a link that leads nowhere. */
export function HomeButton() {
  return (
    <MiniButton className="state__retry state__home" onClick={() => switchTab(0)}>
      返回首页
    </MiniButton>
  )
}

export function ErrorView({
  message,
  onRetry,
  actionText = '重新加载'
}: {
  message?: string
  onRetry?: () => void
  actionText?: string
}) {
  // Someone else's record (a link shared by its owner): retrying or logging in again cannot help.
  if (message === MSG_NOT_OWNER) {
    return (
      <Box className="state state--error state--not-owner" role="alert">
        <Label className="state__text">{message}</Label>
        <Label className="state__hint">请让对方把内容分享给你，或在“我的”里查看你自己的记录</Label>
        <HomeButton />
      </Box>
    )
  }
  return (
    <Box className="state state--error" role="alert">
      <Label className="state__text">{message || '加载失败，请检查网络后重试'}</Label>
      {onRetry && (
        <MiniButton className="state__retry" onClick={onRetry}>
          {actionText}
        </MiniButton>
      )}
    </Box>
  )
}

/** Shown under a list: loading more, the end of the list, or nothing. */
export function ListFooter({ loading, finished, empty }: { loading: boolean; finished: boolean; empty: boolean }) {
  if (empty) return null
  return <Box className="list-footer">{loading ? '加载中…' : finished ? '— 没有更多了 —' : ''}</Box>
}

/**
 * A paged list's screen states around its items: the first load, an error while nothing is shown, the
 * empty state (a text, or a node with a way on), the items, and the footer under them.
 */
export function PagedView<T>({
  list,
  empty,
  children
}: {
  list: PagedList<T>
  empty: string | ReactNode
  children: () => ReactNode
}) {
  const none = list.items.length === 0
  return (
    <>
      {!list.ready ? (
        <Loading />
      ) : list.error && none ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : none ? (
        typeof empty === 'string' ? (
          <Empty text={empty} />
        ) : (
          empty
        )
      ) : (
        children()
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={none} />
    </>
  )
}
