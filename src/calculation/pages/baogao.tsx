import './calculation.scss'

import type { ReportContent, ReportNarrative, ReportQuote } from '@contract'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useState } from 'react'

import { getReportDetail, getReportPdfLink, rewriteReport } from '@/api/tools'
import Page from '@/components/Page'
import SharePoster from '@/components/share/SharePoster'
import { ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { formatDate } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { birthLine } from '@/pages/bazi/components/format'
import Pillars from '@/pages/bazi/components/Pillars'
import { birthShareTarget } from '@/pages/bazi/components/useChartShare'
import { useLogin } from '@/pages/bazi/components/useLogin'
import { openReportPdf } from '@/platform/report-pdf'
import { scrollToAnchor } from '@/platform/scroll'
import { loadingIndicator, ui } from '@/platform/ui'

import { numbered, type ReportPart, reportParts, reportPoster, withNarrative } from './report-parts'

// Class names stay ASCII: WeChat's stylesheet compiler (wcsc) refuses other characters in a selector.
const MONTH_TONE_CLASS: Record<'喜' | '忌' | '动', string> = { 喜: 'good', 忌: 'bad', 动: 'moving' }

function Paragraphs({ list }: { list: string[] }) {
  return (
    <>
      {list.map((p, i) => (
        <Text key={i} className="report__para">
          {p}
        </Text>
      ))}
    </>
  )
}

function Quotes({ list }: { list?: ReportQuote[] }) {
  return (
    <>
      {(list ?? []).map((q, i) => (
        <View key={i} className="report__quote">
          <Text className="report__quote-text">{q.text}</Text>
          <Text className="report__quote-src">
            ——《{q.book}》{q.chapter}
          </Text>
        </View>
      ))}
    </>
  )
}

/** Anchor id of a chapter (unique in the document: the H5 stack keeps other pages mounted). */
const anchor = (i: number) => `report-part-${i}`

function Chapter({ part, index, content }: { part: ReportPart; index: number; content: ReportContent }) {
  const head = <Text className="report__h">{numbered(index, part.title)}</Text>
  if (part.key === 'summary')
    return (
      <View id={anchor(index)} className="report__section report__summary">
        {head}
        <Paragraphs list={content.summary} />
      </View>
    )
  if (part.key === 'section')
    return (
      <View id={anchor(index)} className={`report__section report__section--${part.section.key}`}>
        {head}
        <Paragraphs list={part.section.paragraphs} />
        <Quotes list={part.section.quotes} />
      </View>
    )
  if (part.key === 'dayun')
    return (
      <View id={anchor(index)} className="report__section report__dayun">
        {head}
        {content.da_yun.map((d) => (
          <View key={d.gan_zhi} className="report__luck">
            <Text className="report__h2">
              {d.gan_zhi}大运{d.verdict ? <Text className="report__verdict">{d.verdict}</Text> : null}
            </Text>
            <Text className="report__meta">
              {d.start_year}—{d.end_year}年 · {d.start_age}至{d.end_age}岁
            </Text>
            <Paragraphs list={d.paragraphs} />
          </View>
        ))}
      </View>
    )
  return (
    <View id={anchor(index)} className="report__section report__liunian">
      {head}
      {content.liu_nian.map((y) => (
        <View key={y.year} className="report__luck">
          <Text className="report__h2">
            {y.year}年 {y.gan_zhi}
            {y.verdict ? <Text className="report__verdict">{y.verdict}</Text> : null}
          </Text>
          <Text className="report__meta">虚岁{y.age}岁</Text>
          <Paragraphs list={y.paragraphs} />
          {(y.months ?? []).map((m) => (
            <Text key={m.gan_zhi} className={`report__month report__month--${MONTH_TONE_CLASS[m.tone]}`}>
              {m.month}（{m.gan_zhi}，{m.start}起）：{m.note}
            </Text>
          ))}
        </View>
      ))}
    </View>
  )
}

/** The contents: every chapter, numbered; a tap brings it to the top. */
function Contents({ parts }: { parts: ReportPart[] }) {
  return (
    <View id="report-contents" className="report__section report__toc">
      <Text className="report__h">目录</Text>
      {parts.map((p, i) => (
        <View key={i} className="report__toc-item" onClick={() => scrollToAnchor(anchor(i))}>
          <Text className="report__toc-title">{numbered(i, p.title)}</Text>
          <Text className="report__toc-arrow">›</Text>
        </View>
      ))}
    </View>
  )
}

/** How often a report whose sections the model is still writing is asked again. */
const NARRATIVE_POLL_MS = 1500

/** The AI-written sections while they arrive: polled until written or failed; a failure may be retried. */
function useNarrative(id: number, first?: ReportNarrative) {
  const [narrative, setNarrative] = useState(first)
  useEffect(() => setNarrative(first), [first])
  const writing = narrative?.status === 'streaming' || narrative?.status === 'queued'
  useEffect(() => {
    if (!writing) return
    const timer = setTimeout(() => {
      getReportDetail(id, true).then(
        (r) => setNarrative(r.narrative),
        () => undefined
      )
    }, NARRATIVE_POLL_MS)
    return () => clearTimeout(timer)
  }, [id, writing, narrative])
  const retry = () => rewriteReport(id).then(setNarrative, () => undefined)
  return { narrative, writing, retry }
}

/** Where the AI stands: writing (sections done so far), failed (why, and again), or written. */
function NarrativeNote({ narrative, writing, retry }: ReturnType<typeof useNarrative>) {
  if (!narrative || narrative.status === 'none') return null
  if (writing)
    return (
      <View className="report__ai report__ai--writing" role="status">
        <Text>
          AI 正在依据命盘撰写详批（已写 {narrative.sections.length}/6
          节），写完后自动替换下方各节；先请阅读程序给出的要点。
        </Text>
      </View>
    )
  if (narrative.status === 'failed')
    return (
      <View className="report__ai report__ai--failed" role="alert">
        <Text>AI 撰写未完成：{narrative.error || '服务暂时不可用'}。下方为程序给出的详批。</Text>
        <Text className="report__ai-retry" onClick={retry}>
          重新撰写
        </Text>
      </View>
    )
  return (
    <View className="report__ai">
      <Text>
        各节由 AI 依据程序排出的命盘、格局、用神与大运流年撰写；排盘与吉凶判定以程序结果为准，古籍引文为原文。
      </Text>
    </View>
  )
}

/**
 * 保存 PDF: the server draws the report as an A4 PDF behind a signed link, which the platform opens
 * (a download in a browser, WeChat's document viewer in the mini-program). One tap at a time.
 */
function usePdf(id: number) {
  const [busy, setBusy] = useState(false)
  const save = async () => {
    if (busy) return
    setBusy(true)
    // shared with the requests' indicator, so neither hides the other's
    const done = loadingIndicator.begin({ mask: true })
    try {
      const link = await getReportPdfLink(id)
      await openReportPdf(link.url, link.file_name)
    } catch (e) {
      done()
      ui.toast(`PDF 下载失败：${errorMessage(e)}`)
    } finally {
      done()
      setBusy(false)
    }
  }
  return { busy, save }
}

/** calculation/pages/baogao: a paid report (`id=`), for its owner only. */
function Baogao() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const id = Number(params.id)
  const loggedIn = useLogin('登录后查看我的报告')
  const report = useRemote(
    () => (Number.isInteger(id) && id > 0 ? getReportDetail(id) : Promise.reject(new Error('报告不存在'))),
    [id, loggedIn]
  )
  const { data, error, reload } = report
  const ai = useNarrative(id, data?.narrative)
  const pdf = usePdf(id)
  const content = useMemo(() => data && withNarrative(data.content, ai.narrative), [data, ai.narrative])
  const parts = useMemo(() => (content ? reportParts(content) : []), [content])
  const poster = useMemo(
    () => data && content && reportPoster(data.name, birthLine(data.birth), content),
    [data, content]
  )
  const target = birthShareTarget(data)
  return (
    <Page
      title={data ? `${data.name}的命理报告` : undefined}
      share={{ title: '八字详批报告', desc: '大运流年逐年详批', target }}
    >
      {!data || !content ? (
        error ? (
          <ErrorView message={loggedIn ? error : '登录后查看我的报告'} onRetry={loggedIn ? reload : undefined} />
        ) : (
          <Loading />
        )
      ) : (
        <View className="report">
          <View className="calc__card calc__chart">
            <Text className="calc__name">{data.name}</Text>
            <Pillars pillars={data.content.pillars} labelled size="large" />
            <Text className="report__meta">{birthLine(data.birth)}</Text>
            <Text className="report__meta">购买于 {formatDate(data.paid_at, 'yyyy-mm-dd hh:MM')}</Text>
          </View>
          <NarrativeNote {...ai} />
          <Contents parts={parts} />
          {parts.map((p, i) => (
            <Chapter key={i} part={p} index={i} content={content} />
          ))}
          <Text className="report__end">— 报告完 —</Text>
          <View className="report__bar">
            <View className="report__bar-btn" onClick={() => scrollToAnchor('report-contents')}>
              目录
            </View>
            <View
              className={`report__bar-btn${pdf.busy ? ' report__bar-btn--busy' : ''}`}
              onClick={() => void pdf.save()}
            >
              {pdf.busy ? '生成中…' : '保存 PDF'}
            </View>
            <SharePoster
              id="report-poster"
              className="report__bar-btn report__bar-btn--primary"
              fileName={`${data.name}的八字详批报告`}
              target={target}
              doc={poster}
            >
              生成长图
            </SharePoster>
          </View>
        </View>
      )}
    </Page>
  )
}

export default observer(Baogao)
