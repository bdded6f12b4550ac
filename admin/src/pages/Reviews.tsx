import { type ActionType, PageContainer, ProList } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminReviewItem } from '@contract/admin'
import { App, Image, Space, Typography } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../api/client'
import { DecisionModal } from '../components/DecisionModal'
import { time } from '../format'
import { useSession } from '../session'

/**
 * Users' articles: approve (published) or reject with a reason the author reads. Applications have their own screens.
 */
export default function Reviews() {
  const { can } = useSession()
  const { message } = App.useApp()
  const list = useRef<ActionType>()
  const [deciding, setDeciding] = useState<{ item: AdminReviewItem; approve: boolean } | null>(null)

  return (
    <PageContainer
      title="文章审核"
      content="用户投稿的文章通过后在 App 发布；证书报名和入会申请在「证书申请」「入会申请」中审核。"
    >
      <ProList<AdminReviewItem>
        rowKey="id"
        actionRef={list}
        pagination={{ defaultPageSize: 10 }}
        locale={{ emptyText: '没有待审核的文章' }}
        request={async ({ current, pageSize }) => {
          const data = await api.get<Paged<AdminReviewItem>>('/review/lists', {
            type: 'article',
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
        metas={{
          title: { dataIndex: 'title' },
          subTitle: { render: (_, r) => `${r.nickname || '-'}（ID ${r.user_id}） · ${time(r.created_at)}` },
          description: {
            render: (_, r) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {r.details.map((d) => (
                  <span key={d}>{d}</span>
                ))}
                {r.content_html && (
                  <Typography.Paragraph ellipsis={{ rows: 6, expandable: true, symbol: '展开全文' }}>
                    <span dangerouslySetInnerHTML={{ __html: r.content_html }} />
                  </Typography.Paragraph>
                )}
                {r.images.length > 0 && (
                  <Image.PreviewGroup>
                    {r.images.map((src) => (
                      <Image key={src} src={src} width={72} height={72} style={{ objectFit: 'cover' }} />
                    ))}
                  </Image.PreviewGroup>
                )}
              </Space>
            )
          },
          actions: {
            render: (_, r) =>
              can('review.decide')
                ? [
                    <a key="ok" onClick={() => setDeciding({ item: r, approve: true })}>
                      通过
                    </a>,
                    <a key="no" style={{ color: '#cf1322' }} onClick={() => setDeciding({ item: r, approve: false })}>
                      驳回
                    </a>
                  ]
                : []
          }
        }}
      />
      {deciding && (
        <DecisionModal
          open
          approve={deciding.approve}
          title={
            deciding.approve ? `通过「${deciding.item.title}」` : `驳回「${deciding.item.title}」（用户会看到原因）`
          }
          label={deciding.approve ? undefined : '驳回原因'}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            await api.post('/review/decide', {
              type: 'article',
              id: deciding.item.id,
              approve: deciding.approve,
              reason
            })
            message.success(deciding.approve ? '已通过' : '已驳回')
            list.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
