import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { sessionStore } from '@/stores'

import { ErrorView } from '.'

/** A screen for logged-in users, seen by a visitor: says why and offers the login again. */
export default function LoginRequired({ message }: { message: string }) {
  useLocale()
  return (
    <ErrorView message={message} actionText={t('common.login')} onRetry={() => sessionStore.requireLogin(message)} />
  )
}
