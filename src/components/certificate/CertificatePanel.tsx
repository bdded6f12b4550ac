import './CertificatePanel.scss'

import { ScrollView, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

import { getCertificateCategories, getCertificates } from '@/api/certificate'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import type { PanelProps } from '@/components/TabPage/panels'
import { onTabEvent } from '@/components/TabPage/tab-events'
import { usePaged } from '@/hooks/usePaged'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

import CertificateCard, { certificateDetailUrl } from './CertificateCard'

const ENTRIES = [
  { title: '我的报名', note: '审核进度', url: '/pages/my/certificate', mark: '报' },
  { title: '协会介绍', note: '了解研究会', url: '/association/pages/detail/detail', mark: '会' },
  { title: '申请入会', note: '成为会员', url: '/association/pages/detail/induction', mark: '入' }
]

/** The 证书 tab: the certificates of a chosen category, my registrations and the association. */
export default function CertificatePanel({ tab }: PanelProps) {
  const categories = useRemote(getCertificateCategories, [])
  const [categoryId, setCategoryId] = useState(0)
  const list = usePaged((page) => getCertificates({ page, category_id: categoryId || undefined }), [categoryId])

  useEffect(
    () => onTabEvent(tab, 'refresh', () => Promise.all([categories.reload(), list.refresh()])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
    [tab, categories.reload, list.refresh]
  )
  useEffect(() => onTabEvent(tab, 'reachBottom', list.more), [tab, list.more])

  const chips = [{ category_id: 0, name: '全部' }, ...(categories.data?.list ?? [])]
  return (
    <View className="cert-panel">
      <View className="cert-panel__entries">
        {ENTRIES.map((e) => (
          <View key={e.url} className="cert-panel__entry" onClick={() => navigateTo(e.url)}>
            <Text className="cert-panel__mark">{e.mark}</Text>
            <View className="cert-panel__entry-text">
              <Text className="cert-panel__entry-title">{e.title}</Text>
              <Text className="cert-panel__entry-note">{e.note}</Text>
            </View>
          </View>
        ))}
      </View>
      <ScrollView className="cert-panel__chips" scrollX enhanced showScrollbar={false}>
        {chips.map((c) => (
          <Text
            key={c.category_id}
            className={`cert-panel__chip${c.category_id === categoryId ? ' cert-panel__chip--on' : ''}`}
            onClick={() => setCategoryId(c.category_id)}
          >
            {c.name}
          </Text>
        ))}
      </ScrollView>
      {!list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <Empty text="该类别暂无证书" />
      ) : (
        list.items.map((c) => (
          <CertificateCard
            key={c.certificate_id}
            certificate={c}
            onClick={() => navigateTo(certificateDetailUrl(c.certificate_id))}
          />
        ))
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </View>
  )
}
