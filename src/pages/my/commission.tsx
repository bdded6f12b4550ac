import '../../components/Mine/account.scss'
import './commission.scss'

import type { WalletLog, WalletLogType } from '@contract'
import { Picker, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getWalletLogs } from '@/api/wallet'
import Page from '@/components/Page'
import { PagedView } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { formatDate, formatFen } from '@/core/format'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useUser } from '@/hooks/useUser'

import { LOG_TYPE_NAMES, LOG_TYPES, STATUS_NAMES } from './wallet-labels'

function LogRow({ log }: { log: WalletLog }) {
  const income = log.amount_fen > 0
  return (
    <View className="acct-row commission__row">
      <View className="acct-row__main">
        <Text className="acct-row__title">{log.title || LOG_TYPE_NAMES[log.type]}</Text>
        <Text className="acct-row__sub">
          {LOG_TYPE_NAMES[log.type]} · {formatDate(log.created_at, 'yyyy-mm-dd hh:MM')}
        </Text>
        {log.release_at && <Text className="acct-row__sub">预计 {formatDate(log.release_at, 'yyyy-mm-dd')} 到账</Text>}
      </View>
      <View className="acct-row__side">
        <Text className={`acct-amount ${income ? 'acct-amount--in' : 'acct-amount--out'}`}>
          {income ? '+' : ''}
          {formatFen(log.amount_fen)}
        </Text>
        {log.status && <Text className={`acct-tag acct-tag--${log.status}`}>{STATUS_NAMES[log.status]}</Text>}
      </View>
    </View>
  )
}

/** pages/my/commission: income and expense details, paged, filtered by type and month. */
function Commission() {
  const loggedIn = useUser('登录后查看收支明细')
  const [type, setType] = useState<WalletLogType | ''>('')
  const [month, setMonth] = useState('')
  const logs = useListPage(
    (page) => (loggedIn ? getWalletLogs({ page, type, month }) : Promise.resolve(noPage<WalletLog>())),
    [loggedIn, type, month]
  )

  return (
    <Page>
      <View className="acct-tabs">
        {LOG_TYPES.map((t) => (
          <Text
            key={t.label}
            className={`acct-tabs__tab commission__tab ${t.type === type ? 'acct-tabs__tab--on' : ''}`}
            onClick={() => setType(t.type)}
          >
            {t.label}
          </Text>
        ))}
      </View>
      <View className="commission__month">
        <Picker
          mode="date"
          fields="month"
          value={month || formatDate(new Date(), 'yyyy-mm')}
          end={formatDate(new Date(), 'yyyy-mm')}
          onChange={(e) => setMonth(String(e.detail.value).slice(0, 7))}
        >
          <Text className="commission__month-pick">{month ? `${month.replace('-', '年')}月` : '全部月份'} ▾</Text>
        </Picker>
        {month && (
          <Text className="commission__month-clear" onClick={() => setMonth('')}>
            清除
          </Text>
        )}
      </View>
      {!loggedIn ? (
        <LoginRequired message="登录后才能查看收支明细" />
      ) : (
        <PagedView list={logs} empty={month || type ? '该条件下没有收支记录' : '还没有收支记录，邀请好友一起学易吧'}>
          {() => (
            <View className="acct-card commission__list">
              {logs.items.map((log) => (
                <LogRow key={log.id} log={log} />
              ))}
            </View>
          )}
        </PagedView>
      )}
    </Page>
  )
}

export default observer(Commission)
