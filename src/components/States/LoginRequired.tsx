import { sessionStore } from '@/stores'

import { ErrorView } from '.'

/** A screen for logged-in users, seen by a visitor: says why and offers the login again. */
export default function LoginRequired({ message }: { message: string }) {
  return <ErrorView message={message} actionText="登录" onRetry={() => sessionStore.requireLogin(message)} />
}
