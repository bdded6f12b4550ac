import { type ActionType, PageContainer, type ProColumns } from '@ant-design/pro-components'
import type {
  AdminApplicationStatus,
  AdminCertificateApplication,
  AdminMembershipApplication,
  AdminReviewResult
} from '@contract/admin'
import { App, Descriptions, Image, Space } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../api/client'
import { DecisionModal } from '../components/DecisionModal'
import { DecisionLinks, DecisionQueue } from '../components/DecisionQueue'
import { StatusTags } from '../components/RefundTag'
import { time, yuan } from '../format'

type Row = AdminCertificateApplication | AdminMembershipApplication
type Kind = 'certificate' | 'membership'

const STATUS: Record<AdminApplicationStatus, { text: string; color: string }> = {
  reviewing: { text: '待审核', color: 'orange' },
  approved: { text: '已通过', color: 'green' },
  rejected: { text: '已驳回', color: 'default' },
  unpaid: { text: '待缴费', color: 'default' }
}
const KIND_TEXT = { full: '会员申请', easy: '快捷申请' }

const isCertificate = (r: Row): r is AdminCertificateApplication => 'certificate_title' in r

/** The applicant's details, photo and documents, shown under the row. */
function Details({ r }: { r: Row }) {
  const images = [r.photo, ...(isCertificate(r) ? [] : r.attachments)].filter(Boolean)
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label="身份证号">{r.id_number || '-'}</Descriptions.Item>
      <Descriptions.Item label="学历">{r.education || '-'}</Descriptions.Item>
      <Descriptions.Item label="工作单位">{r.work_unit || '-'}</Descriptions.Item>
      {!isCertificate(r) && (
        <Descriptions.Item label="性别 / 专长">{`${r.gender || '-'} / ${r.specialty || '-'}`}</Descriptions.Item>
      )}
      {!isCertificate(r) && (
        <Descriptions.Item label="个人简介" span={2}>
          {r.intro || '-'}
        </Descriptions.Item>
      )}
      <Descriptions.Item label="证件照及材料" span={2}>
        {images.length ? (
          <Image.PreviewGroup>
            <Space>
              {images.map((src) => (
                <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover' }} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          '未上传'
        )}
      </Descriptions.Item>
    </Descriptions>
  )
}

/** 证书申请 / 入会申请: the review queue; approving issues the number or member card, rejecting refunds a paid fee. */
export function ApplicationReview({ kind }: { kind: Kind }) {
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [tab, setTab] = useState<AdminApplicationStatus>('reviewing')
  const [deciding, setDeciding] = useState<{ item: Row; approve: boolean } | null>(null)
  const noun = kind === 'certificate' ? '证书报名' : '入会申请'

  const columns: ProColumns<Row>[] = [
    { title: '编号', dataIndex: 'application_id', width: 70 },
    kind === 'certificate'
      ? { title: '证书', dataIndex: 'certificate_title', ellipsis: true }
      : { title: '类型', dataIndex: 'kind', width: 90, render: (_, r) => (isCertificate(r) ? '' : KIND_TEXT[r.kind]) },
    { title: '申请人', dataIndex: 'name', render: (_, r) => `${r.name} ${r.mobile}` },
    { title: '用户', dataIndex: 'nickname', render: (_, r) => `${r.nickname || '-'}（${r.user_id}）` },
    {
      title: kind === 'certificate' ? '报名费' : '会费',
      dataIndex: 'amount_fen',
      render: (_, r) => (r.amount_fen ? yuan(r.amount_fen) : '免费')
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, r) => <StatusTags status={STATUS[r.status]} r={r} amountFen={r.amount_fen} />
    },
    { title: '提交时间', dataIndex: 'created_at', render: (_, r) => time(r.created_at) },
    {
      title: '审核时间',
      dataIndex: 'reviewed_at',
      hideInTable: tab === 'reviewing' || tab === 'unpaid',
      render: (_, r) => time(r.reviewed_at)
    },
    {
      title: kind === 'certificate' ? '证书编号' : '会员编号',
      hideInTable: tab !== 'approved',
      render: (_, r) => (isCertificate(r) ? r.certificate_no : r.member_no)
    },
    { title: '驳回原因', dataIndex: 'review_note', hideInTable: tab !== 'rejected', ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: tab !== 'reviewing',
      render: (_, r) => (
        <DecisionLinks approve="通过" reject="驳回" onDecide={(approve) => setDeciding({ item: r, approve })} />
      )
    }
  ]

  const item = deciding?.item
  return (
    <PageContainer title={kind === 'certificate' ? '证书申请审核' : '入会申请审核'}>
      <DecisionQueue<Row, AdminApplicationStatus>
        path={`/${kind}/lists`}
        rowKey="application_id"
        columns={columns}
        statuses={STATUS}
        tab={tab}
        onTab={setTab}
        tableRef={table}
        search={{ placeholder: '姓名、完整手机号、用户昵称或 ID', width: 260 }}
        expandedRowRender={(r) => <Details r={r} />}
      />
      {deciding && item && (
        <DecisionModal
          open
          approve={deciding.approve}
          title={
            deciding.approve
              ? `通过 ${item.name} 的${noun}（${kind === 'certificate' ? '发放证书编号' : '发放会员证'}）`
              : `驳回 ${item.name} 的${noun}${item.amount_fen && item.paid_at ? `，${yuan(item.amount_fen)} 原路退回` : ''}`
          }
          label={deciding.approve ? undefined : '驳回原因（用户可见）'}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const done = await api.post<AdminReviewResult>(`/${kind}/review`, {
              application_id: item.application_id,
              approve: deciding.approve,
              reason
            })
            message.success(
              deciding.approve
                ? '已通过'
                : done.refund_status === 'refunded'
                  ? '已驳回，费用已原路退回'
                  : done.refund_status === 'processing'
                    ? '已驳回，退款处理中'
                    : '已驳回'
            )
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}

export const CertificateReview = () => <ApplicationReview kind="certificate" />
export const MembershipReview = () => <ApplicationReview kind="membership" />
