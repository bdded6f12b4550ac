import './calculation.scss'

import { numbered, REPORT_OUTLINE } from '@contract/report'
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getBaziInfo, getReportByRecord, getReportPrice, payReport } from '@/api/tools'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { errorMessage } from '@/core/errors'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { navigateTo, redirectTo } from '@/navigation'
import Pillars from '@/pages/bazi/components/Pillars'
import { birthShareTarget } from '@/pages/bazi/components/useChartShare'
import { useLogin } from '@/pages/bazi/components/useLogin'
import { payOrder } from '@/platform/pay'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

/** Besides its chapters (REPORT_OUTLINE, the list the report itself is composed from), what the buyer gets. */
const TERMS = ['引《子平真诠》《滴天髓》《穷通宝鉴》原文为据', '可保存为 PDF 或长图', '一次购买，永久查看']

/** After a payment the server confirms it (at once in the sandbox, by WeChat's notice otherwise). */
async function waitUntilPaid(recordId: number): Promise<number | undefined> {
  for (let i = 0; i < 10; i++) {
    const { report } = await getReportByRecord(recordId)
    if (report?.status === 'paid') return report.id
    await new Promise((r) => setTimeout(r, 1000))
  }
  return undefined
}

/** calculation/pages/index: offers the detailed report of a saved record (`record_id=`). */
function ReportOffer() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const recordId = Number(params.record_id)
  const valid = Number.isInteger(recordId) && recordId > 0
  const loggedIn = useLogin('登录后购买详批报告')
  const offer = useRemote(async () => {
    if (!valid) throw new Error('请先在八字档案中选择要详批的命盘')
    const [price, info, bought] = await Promise.all([
      getReportPrice(),
      getBaziInfo({ record_id: recordId }),
      getReportByRecord(recordId)
    ])
    return { price, info, bought: bought.report }
  }, [recordId, loggedIn])
  const [busy, setBusy] = useState(false)
  const [payError, setPayError] = useState('')
  const subscribe = useSubscribe('pay')

  const buy = async () => {
    if (busy) return
    setBusy(true)
    setPayError('')
    // The mini-program's 订阅消息 ask, within the tap.
    await subscribe()
    try {
      const started = await payReport({ record_id: recordId })
      if (started.paid) return void redirectTo(`/calculation/pages/baogao?id=${started.report_id}`)
      const outcome = await payOrder(started.pay!)
      if (outcome !== 'paid') return setPayError('已取消支付')
      const reportId = await waitUntilPaid(recordId)
      if (reportId) redirectTo(`/calculation/pages/baogao?id=${reportId}`)
      else setPayError('支付结果确认中，请稍后在“我的报告”中查看')
    } catch (e) {
      setPayError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  const { data, error, reload } = offer
  if (!valid || (!loggedIn && !data))
    return (
      <Page>
        <ErrorView message={!valid ? '请先在八字档案中选择要详批的命盘' : '登录后购买详批报告'} />
        <Button className="calc__secondary" onClick={() => navigateTo('/pages/bazi/list')}>
          打开八字档案
        </Button>
      </Page>
    )
  return (
    <Page share={{ title: '八字详批报告', desc: '大运流年逐年详批', target: birthShareTarget(offer.data?.info) }}>
      {!data ? (
        error ? (
          <ErrorView message={error} onRetry={reload} />
        ) : (
          <Loading />
        )
      ) : (
        <View className="calc">
          <View className="calc__card calc__chart">
            <Text className="calc__name">{data.info.name}</Text>
            <Pillars pillars={data.info.pillars} labelled size="large" />
          </View>
          <View className="calc__card">
            <Text className="calc__title">{data.price.title}</Text>
            <Text className="calc__desc">{data.price.description}</Text>
            <Text className="calc__outline-title">报告目录</Text>
            {REPORT_OUTLINE.map((c, i) => (
              <View key={c.title} className="calc__outline-item">
                <Text className="calc__outline-name">{numbered(i, c.title)}</Text>
                <Text className="calc__outline-desc">{c.promise}</Text>
              </View>
            ))}
            {TERMS.map((f) => (
              <Text key={f} className="calc__feature">
                ✓ {f}
              </Text>
            ))}
          </View>
          {payError && <Text className="calc__error">{payError}</Text>}
          <View className="calc__bar">
            {data.bought?.status === 'paid' ? (
              <Button
                className="calc__buy calc__buy--full"
                onClick={() => navigateTo(`/calculation/pages/baogao?id=${data.bought!.id}`)}
              >
                查看报告
              </Button>
            ) : !canBuyVirtualGoods() ? (
              <VirtualGoodsNote className="calc__virtual-note" />
            ) : (
              <>
                <View className="calc__price">
                  <Text className="calc__now">{formatFen(data.price.price_fen)}</Text>
                  {data.price.original_price_fen > data.price.price_fen && (
                    <Text className="calc__was">{formatFen(data.price.original_price_fen)}</Text>
                  )}
                </View>
                <Button className="calc__buy" disabled={busy} onClick={() => void buy()}>
                  {busy ? '支付中…' : '立即购买'}
                </Button>
              </>
            )}
          </View>
        </View>
      )}
    </Page>
  )
}

export default observer(ReportOffer)
