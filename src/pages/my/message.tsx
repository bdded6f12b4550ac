import './message.scss'

import type { UserMessage } from '@contract'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState, useSyncExternalStore } from 'react'

import { getMessages, readMessages } from '@/api/message'
import Page from '@/components/Page'
import { Empty, PagedView } from '@/components/States'
import { errorMessage, isEnvelopeLike } from '@/core/errors'
import { relativeTime } from '@/core/format'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useUser } from '@/hooks/useUser'
import { openLink } from '@/navigation'
import { unreadStore } from '@/stores/unread'

/**
 * pages/my/message: 消息中心, what the notification service told me (站内信), newest first, paged on reach-bottom.
 * Tapping a message marks it read and opens its link; 全部已读 marks them all. Each answer carries the unread
 * count, which the 我的 badge shows at once.
 */
function MessagesPage() {
  const loggedIn = useUser('登录后查看消息')
  const messages = useListPage(
    (page) =>
      loggedIn
        ? getMessages({ page, per_page: 15 }).then((answer) => {
            unreadStore.set(answer.unread)
            return answer
          })
        : Promise.resolve(noPage<UserMessage>()),
    [loggedIn]
  )
  const unread = useSyncExternalStore(unreadStore.subscribe, unreadStore.get)
  const [readingAll, setReadingAll] = useState(false)

  const open = (message: UserMessage) => {
    if (!message.read) {
      const same = (m: UserMessage) => m.id === message.id
      // Shown read at once; if the server did not take it, it is shown unread again.
      messages.update(same, { ...message, read: true })
      readMessages({ ids: [message.id] }).then(
        ({ count }) => unreadStore.set(count),
        () => messages.update(same, message)
      )
    }
    openLink(message.link)
  }

  const readAll = async () => {
    if (readingAll) return
    setReadingAll(true)
    try {
      unreadStore.set((await readMessages({ all: true })).count)
      await messages.refresh()
    } catch (e) {
      // A refusal was shown by the request layer; a failure to reach the server is said here.
      if (!isEnvelopeLike(e)) void Taro.showToast({ title: errorMessage(e), icon: 'none' })
    } finally {
      setReadingAll(false)
    }
  }

  return (
    <Page>
      {!loggedIn ? (
        <Empty text="登录后查看消息" />
      ) : (
        <PagedView list={messages} empty="暂无消息">
          {() => (
            <View className="messages">
              {unread > 0 && (
                <View className="messages__bar">
                  <Text className="messages__unread">{unread} 条未读</Text>
                  <Text className="messages__read-all" onClick={readAll}>
                    {readingAll ? '处理中…' : '全部已读'}
                  </Text>
                </View>
              )}
              {messages.items.map((m) => (
                <View
                  key={m.id}
                  className={`messages__item${m.read ? '' : ' messages__item--unread'}`}
                  data-message-id={m.id}
                  onClick={() => open(m)}
                >
                  <View className="messages__head">
                    {!m.read && <View className="messages__dot" />}
                    <Text className="messages__title">{m.title}</Text>
                    <Text className="messages__time">{relativeTime(m.created_at)}</Text>
                  </View>
                  {!!m.body && <Text className="messages__body">{m.body}</Text>}
                  {!!m.link && <Text className="messages__more">查看详情 ›</Text>}
                </View>
              ))}
            </View>
          )}
        </PagedView>
      )}
    </Page>
  )
}

export default observer(MessagesPage)
