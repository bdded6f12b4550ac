import './report.scss'

import type { ReportSummary } from '@contract'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'

import { getReportList } from '@/api/tools'
import Page from '@/components/Page'
import { Empty, PagedView } from '@/components/States'
import { formatDate, formatFen } from '@/core/format'
import { noPage, useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'
import Pillars from '@/pages/bazi/components/Pillars'
import { useLogin } from '@/pages/bazi/components/useLogin'

/** pages/my/report: the detailed reports I bought, newest first. */
function MyReports() {
  const loggedIn = useLogin('登录后查看我的报告')
  const reports = useListPage(
    (page) => (loggedIn ? getReportList({ page }) : Promise.resolve(noPage<ReportSummary>())),
    [loggedIn]
  )
  return (
    <Page>
      {!loggedIn ? (
        <Empty text="登录后查看我的报告" />
      ) : (
        <PagedView
          list={reports}
          empty={
            <View className="my-report__empty">
              <Empty text="还没有购买报告" />
              <Text className="my-report__go" onClick={() => navigateTo('/pages/bazi/list')}>
                去八字档案选择命盘 ›
              </Text>
            </View>
          }
        >
          {() => (
            <View className="my-report">
              {reports.items.map((r) => (
                <View
                  key={r.id}
                  className="my-report__item"
                  onClick={() => navigateTo(`/calculation/pages/baogao?id=${r.id}`)}
                >
                  <View className="my-report__info">
                    <Text className="my-report__name">{r.name} · 八字详批</Text>
                    <Text className="my-report__meta">
                      {formatDate(r.paid_at)} · {formatFen(r.price_fen)}
                    </Text>
                  </View>
                  <Pillars pillars={r.pillars} />
                </View>
              ))}
            </View>
          )}
        </PagedView>
      )}
    </Page>
  )
}

export default observer(MyReports)
