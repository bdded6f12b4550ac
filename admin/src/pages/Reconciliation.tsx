import { DownloadOutlined, UploadOutlined } from '@ant-design/icons'
import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import type { AdminBillImportResult, AdminReconRow, AdminReconSummary } from '@contract/admin'
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Radio,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useCallback, useEffect, useState } from 'react'

import { api, downloadUrl } from '../api/client'
import { BIZ_TYPE_TEXT, yuan } from '../format'

const DIFF_TEXT: Record<string, { text: string; color: string }> = {
  missing_ours: { text: '我方缺失', color: 'red' },
  missing_wechat: { text: '微信缺失', color: 'volcano' },
  amount: { text: '金额不符', color: 'orange' },
  status: { text: '状态不符', color: 'gold' }
}

const money = (fen: number) => (fen ? yuan(fen) : '-')

const columns: TableColumnsType<AdminReconRow> = [
  { title: '日期', dataIndex: 'period', width: 110 },
  {
    title: '业务',
    dataIndex: 'biz_type',
    width: 90,
    render: (b: AdminReconRow['biz_type']) => (b ? BIZ_TYPE_TEXT[b] : '提现打款')
  },
  { title: '支付笔数', dataIndex: 'paid_count', width: 90 },
  { title: '收款', dataIndex: 'gross_fen', render: money },
  { title: '退款笔数', dataIndex: 'refund_count', width: 90 },
  { title: '退款', dataIndex: 'refund_fen', render: money },
  { title: '净收入', dataIndex: 'net_fen', render: (f: number, r) => (r.biz_type ? yuan(f) : '-') },
  { title: '佣金', dataIndex: 'commission_fen', render: money },
  { title: '提现打款', dataIndex: 'payout_fen', render: money }
]

/**
 * 对账: money by day or month and business type; our bill in WeChat Pay's columns; a WeChat bill checked against
 * ours.
 */
export default function Reconciliation() {
  const { message } = App.useApp()
  const [period, setPeriod] = useState<'day' | 'month'>('day')
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()])
  const [data, setData] = useState<AdminReconSummary | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState('')
  const [result, setResult] = useState<AdminBillImportResult | null>(null)
  const [importing, setImporting] = useState(false)

  const days = useCallback(() => {
    const [a, b] = range
    return period === 'month'
      ? { date_from: a.startOf('month').format('YYYY-MM-DD'), date_to: b.endOf('month').format('YYYY-MM-DD') }
      : { date_from: a.format('YYYY-MM-DD'), date_to: b.format('YYYY-MM-DD') }
  }, [period, range])

  useEffect(() => {
    setLoading(true)
    setError('')
    api
      .get<AdminReconSummary>('/finance/summary', { period, ...days() })
      .then(setData, (e: Error) => setError(e.message))
      .finally(() => setLoading(false))
  }, [period, days])

  const importBill = async (file: File) => {
    setImporting(true)
    try {
      const csv = await file.text()
      setResult(await api.post<AdminBillImportResult>('/finance/importBill', { csv }))
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setImporting(false)
    }
  }

  const t = data?.total
  return (
    <PageContainer title="对账" subTitle="金额单位为元；日期按北京时间">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Space wrap>
            <Radio.Group value={period} onChange={(e) => setPeriod(e.target.value)} optionType="button">
              <Radio.Button value="day">按日</Radio.Button>
              <Radio.Button value="month">按月</Radio.Button>
            </Radio.Group>
            <DatePicker.RangePicker
              picker={period === 'month' ? 'month' : 'date'}
              value={range}
              allowClear={false}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            />
            <Button icon={<DownloadOutlined />} href={downloadUrl('/finance/export', days())}>
              导出账单（微信交易账单格式）
            </Button>
            <Upload
              accept=".csv,.txt,text/csv,text/plain"
              showUploadList={false}
              beforeUpload={(file) => {
                void importBill(file)
                return false
              }}
            >
              <Button icon={<UploadOutlined />} loading={importing}>
                导入微信账单核对
              </Button>
            </Upload>
          </Space>
        </Card>
        {error && <Alert type="error" message={error} />}
        {t && (
          <StatisticCard.Group direction="row">
            <StatisticCard statistic={{ title: '收款', value: yuan(t.gross_fen) }} />
            <StatisticCard statistic={{ title: '退款', value: yuan(t.refund_fen) }} />
            <StatisticCard statistic={{ title: '净收入', value: yuan(t.net_fen) }} />
            <StatisticCard statistic={{ title: '佣金', value: yuan(t.commission_fen) }} />
            <StatisticCard statistic={{ title: '提现打款', value: yuan(t.payout_fen) }} />
          </StatisticCard.Group>
        )}
        <Card title="明细">
          <Table<AdminReconRow>
            rowKey={(r) => `${r.period}-${r.biz_type ?? 'payout'}`}
            size="small"
            loading={loading}
            dataSource={data?.rows ?? []}
            columns={columns}
            pagination={{ defaultPageSize: 50 }}
            locale={{ emptyText: '该时间段没有收支' }}
          />
        </Card>
        {result && (
          <Card
            title={`账单核对：${result.date_from}${result.date_to !== result.date_from ? ` 至 ${result.date_to}` : ''}`}
            extra={<a onClick={() => setResult(null)}>关闭</a>}
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text>
                账单 {result.bill_rows} 行（支付 {result.payment_rows}，退款 {result.refund_rows}），一致{' '}
                {result.matched} 笔，差异 {result.diff_count} 处
                {result.bill_total &&
                  `；账单汇总：应结 ${yuan(result.bill_total.settled_fen)}，` +
                    `退款 ${yuan(result.bill_total.refund_fen)}，手续费 ${yuan(result.bill_total.fee_fen)}`}
              </Typography.Text>
              {result.diff_count === 0 ? (
                <Alert type="success" message="账单与我方记录一致" />
              ) : (
                <Table
                  size="small"
                  rowKey={(d, i) => `${d.kind}-${d.out_trade_no}-${d.out_refund_no}-${i}`}
                  dataSource={result.diffs}
                  pagination={{ defaultPageSize: 20 }}
                  columns={[
                    {
                      title: '差异',
                      dataIndex: 'kind',
                      render: (k: string) => <Tag color={DIFF_TEXT[k].color}>{DIFF_TEXT[k].text}</Tag>
                    },
                    { title: '记录', dataIndex: 'record', render: (r: string) => (r === 'refund' ? '退款' : '支付') },
                    { title: '商户订单号', dataIndex: 'out_trade_no' },
                    { title: '商户退款单号', dataIndex: 'out_refund_no', render: (v: string) => v || '-' },
                    {
                      title: '微信金额',
                      dataIndex: 'wechat_fen',
                      render: (f: number | null) => (f === null ? '-' : yuan(f))
                    },
                    {
                      title: '我方金额',
                      dataIndex: 'ours_fen',
                      render: (f: number | null) => (f === null ? '-' : yuan(f))
                    },
                    { title: '微信状态', dataIndex: 'wechat_status', render: (v: string) => v || '-' },
                    { title: '我方状态', dataIndex: 'ours_status', render: (v: string) => v || '-' },
                    { title: '说明', dataIndex: 'note' }
                  ]}
                />
              )}
            </Space>
          </Card>
        )}
      </Space>
    </PageContainer>
  )
}
