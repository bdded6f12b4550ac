import './index.scss'

import { MSG_NOT_OWNER } from '@contract'
import type { ReactNode } from 'react'

import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import type { PagedList } from '@/hooks/usePaged'
import { switchTab } from '@/navigation'
import { Box, Label, MiniButton } from '@/platform/plain'

export function Loading({ text }: { text?: string }) {
  useLocale()
  return (
    <Box className="state state--loading" aria-busy="true">
      <Box className="state__spinner" />
      <Label className="state__text">{text ?? t('common.loading')}</Label>
    </Box>
  )
}

export function Empty({ text }: { text?: string }) {
  useLocale()
  return (
    <Box className="state state--empty">
      <Box className="state__empty-icon" />
      <Label className="state__text">{text ?? t('states.empty')}</Label>
    </Box>
  )
}

/** A way out of a page that has nothing to show, e.g. a link that leads nowhere. */
export function HomeButton() {
  useLocale()
  return (
    <MiniButton className="state__retry state__home" onClick={() => switchTab(0)}>
      {t('common.backHome')}
    </MiniButton>
  )
}

export function ErrorView({
  message,
  onRetry,
  actionText
}: {
  message?: string
  onRetry?: () => void
  actionText?: string
}) {
  useLocale()
  // Someone else's record (a link shared by its owner): retrying or logging in again cannot help.
  // The server says it in the app's language (the request's Accept-Language).
  if (message === MSG_NOT_OWNER || message === t('states.notOwner')) {
    return (
      <Box className="state state--error state--not-owner" role="alert">
        <Label className="state__text">{message}</Label>
        <Label className="state__hint">{t('states.notOwnerHint')}</Label>
        <HomeButton />
      </Box>
    )
  }
  return (
    <Box className="state state--error" role="alert">
      <Label className="state__text">{message || t('states.loadFailed')}</Label>
      {onRetry && (
        <MiniButton className="state__retry" onClick={onRetry}>
          {actionText ?? t('states.retry')}
        </MiniButton>
      )}
    </Box>
  )
}

/** Shown under a list: loading more, the end of the list, or nothing. */
export function ListFooter({ loading, finished, empty }: { loading: boolean; finished: boolean; empty: boolean }) {
  useLocale()
  if (empty) return null
  return <Box className="list-footer">{loading ? t('common.loadingMore') : finished ? t('states.noMore') : ''}</Box>
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
