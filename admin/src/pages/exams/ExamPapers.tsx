import { PlusOutlined } from '@ant-design/icons'
import {
  PageContainer,
  type ProColumns,
  ProForm,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProTable
} from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminExamBank, AdminExamPaper, AdminExamRanking, AdminExamResult, AdminExamSaved } from '@contract/admin'
import { Button, Drawer, Popconfirm, Result, Space, Table, Tabs, Tag } from 'antd'
import { useCallback, useEffect, useState } from 'react'

import { useFormSave } from '../../act'
import { api } from '../../api/client'
import { GuardedModalForm } from '../../components/GuardedModalForm'
import { time } from '../../format'
import { useSession } from '../../session'

const KIND_TEXT: Record<AdminExamPaper['kind'], string> = { exam: '测试', certification: '认证考试' }
type PaperForm = Pick<
  AdminExamPaper,
  'kind' | 'title' | 'summary' | 'question_count' | 'duration_min' | 'pass_score' | 'full_score'
> & { bank_id?: number }

/**
 * 试卷: each paper's bank, number of questions, time limit, pass mark and full mark, as the app shows and scores them.
 */
export default function ExamPapers() {
  const { can } = useSession()
  const editable = can('exam.edit')
  const [papers, setPapers] = useState<AdminExamPaper[] | null>(null)
  const [banks, setBanks] = useState<AdminExamBank[]>([])
  const [error, setError] = useState('')
  const [resultsOf, setResultsOf] = useState<AdminExamPaper | null>(null)
  const load = useCallback(() => {
    setError('')
    api.get<AdminExamPaper[]>('/exam/papers').then(setPapers, (e: Error) => setError(e.message))
    api.get<AdminExamBank[]>('/exam/banks').then(setBanks, (e: Error) => setError(e.message))
  }, [])
  useEffect(load, [load])

  const save = useFormSave({ always: load })
  const write = (path: string, params: Record<string, unknown>, done: string) =>
    save(() => api.post<AdminExamSaved>(path, params), done)
  const bankOptions = banks.map((b) => ({
    value: b.bank_id,
    label: `${b.name}（${b.single + b.multiple + b.judge} 题）`
  }))

  if (error)
    return (
      <Result status="warning" title="试卷加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  return (
    <PageContainer
      title="试卷"
      extra={
        editable && (
          <PaperModal
            bankOptions={bankOptions}
            onSave={(v) => write('/exam/paperSave', v, '试卷已创建，检查无误后上架')}
          />
        )
      }
    >
      <Table<AdminExamPaper>
        rowKey="paper_id"
        loading={papers === null}
        dataSource={papers ?? []}
        pagination={false}
        locale={{ emptyText: '还没有试卷' }}
        columns={[
          { title: '试卷', dataIndex: 'title' },
          { title: '类型', dataIndex: 'kind', render: (_, p) => KIND_TEXT[p.kind] },
          { title: '题库', dataIndex: 'bank_name', render: (_, p) => p.bank_name || <Tag>内置题目</Tag> },
          { title: '题数', dataIndex: 'question_count' },
          { title: '时长', dataIndex: 'duration_min', render: (_, p) => `${p.duration_min} 分钟` },
          { title: '及格 / 满分', render: (_, p) => `${p.pass_score} / ${p.full_score}` },
          {
            title: '交卷人次',
            dataIndex: 'attempts',
            render: (_, p) => <a onClick={() => setResultsOf(p)}>{p.attempts}</a>
          },
          {
            title: '状态',
            dataIndex: 'visible',
            render: (_, p) => (p.visible ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>)
          },
          {
            title: '操作',
            render: (_, p) => (
              <Space>
                <a onClick={() => setResultsOf(p)}>成绩</a>
                {editable && (
                  <PaperModal
                    paper={p}
                    bankOptions={bankOptions}
                    onSave={(v) =>
                      write('/exam/paperSave', { ...v, paper_id: p.paper_id, version: p.version }, '试卷已保存')
                    }
                  />
                )}
                {editable && (
                  <Popconfirm
                    title={
                      p.visible
                        ? '下架后用户看不到这份试卷，已交的成绩和排行保留。确定？'
                        : '上架后用户即可参加考试，确定？'
                    }
                    onConfirm={() =>
                      write(
                        '/exam/paperShelf',
                        { paper_id: p.paper_id, version: p.version, visible: !p.visible },
                        p.visible ? '已下架' : '已上架'
                      )
                    }
                  >
                    <a>{p.visible ? '下架' : '上架'}</a>
                  </Popconfirm>
                )}
              </Space>
            )
          }
        ]}
      />
      <Drawer
        title={resultsOf ? `成绩：${resultsOf.title}` : ''}
        open={resultsOf !== null}
        onClose={() => setResultsOf(null)}
        width={820}
        destroyOnClose
      >
        {resultsOf && (
          <Tabs
            items={[
              { key: 'ranking', label: '排名（每人最好成绩）', children: <Ranking paper={resultsOf} /> },
              { key: 'sittings', label: '每次交卷', children: <Results paper={resultsOf} /> }
            ]}
          />
        )}
      </Drawer>
    </PageContainer>
  )
}

function PaperModal({
  paper,
  bankOptions,
  onSave
}: {
  paper?: AdminExamPaper
  bankOptions: { value: number; label: string }[]
  onSave: (v: PaperForm) => Promise<boolean>
}) {
  return (
    <GuardedModalForm<PaperForm>
      name={paper ? `paper${paper.paper_id}` : 'newPaper'}
      title={paper ? '修改试卷' : '新建试卷'}
      width={600}
      modalProps={{ destroyOnClose: true }}
      trigger={
        paper ? (
          <a>编辑</a>
        ) : (
          <Button type="primary" icon={<PlusOutlined />}>
            新建试卷
          </Button>
        )
      }
      initialValues={
        paper
          ? { ...paper, bank_id: paper.bank_id ?? undefined }
          : { kind: 'exam', question_count: 10, duration_min: 10, pass_score: 60, full_score: 100 }
      }
      onFinish={(v) => onSave({ ...v, summary: v.summary ?? '' })}
    >
      <ProFormText
        name="title"
        label="试卷名称"
        rules={[
          { required: true, message: '请填写试卷名称' },
          { max: 64, message: '不超过 64 字' }
        ]}
      />
      <ProFormSelect
        name="kind"
        label="类型"
        options={Object.entries(KIND_TEXT).map(([value, label]) => ({ value, label }))}
        rules={[{ required: true, message: '请选择类型' }]}
      />
      <ProFormSelect
        name="bank_id"
        label="题库"
        options={bankOptions}
        extra={paper && !paper.bank_id ? '不选则继续从内置题目中抽题' : '开考时从题库随机抽取题目'}
        rules={paper && !paper.bank_id ? [] : [{ required: true, message: '请选择题库' }]}
      />
      <ProFormTextArea name="summary" label="说明" rules={[{ max: 200, message: '不超过 200 字' }]} />
      <ProForm.Group>
        <ProFormDigit
          name="question_count"
          label="题数"
          width="xs"
          min={1}
          max={200}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写题数' }]}
        />
        <ProFormDigit
          name="duration_min"
          label="时长（分钟）"
          width="xs"
          min={1}
          max={600}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写时长' }]}
        />
        <ProFormDigit
          name="full_score"
          label="满分"
          width="xs"
          min={1}
          max={1000}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写满分' }]}
        />
        <ProFormDigit
          name="pass_score"
          label="及格分"
          width="xs"
          min={0}
          max={1000}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写及格分' }]}
        />
      </ProForm.Group>
    </GuardedModalForm>
  )
}

const duration = (sec: number) => `${Math.floor(sec / 60)} 分 ${sec % 60} 秒`
const scoreTag = (score: number, passed: boolean) => (
  <Tag color={passed ? 'green' : 'red'}>
    {score} 分 · {passed ? '及格' : '未及格'}
  </Tag>
)

/** A paper's rows from `path`, page by page, under its marks. */
function PaperTable<T extends { place: number; user_id: number; nickname: string }>({
  paper,
  path,
  rowKey,
  columns
}: {
  paper: AdminExamPaper
  path: string
  rowKey: keyof T & string
  columns: ProColumns<T>[]
}) {
  return (
    <ProTable<T>
      rowKey={rowKey}
      search={false}
      options={{ reload: true, density: false, setting: false }}
      headerTitle={`满分 ${paper.full_score} · ${paper.pass_score} 分及格`}
      pagination={{ defaultPageSize: 50 }}
      locale={{ emptyText: '还没有人交卷' }}
      request={async ({ current, pageSize }) => {
        const data = await api.get<Paged<T>>(path, { paper_id: paper.paper_id, page: current, per_page: pageSize })
        return { data: data.list, total: data.total, success: true }
      }}
      columns={[
        { title: '名次', dataIndex: 'place', width: 60 },
        { title: '考生', render: (_, r) => `${r.nickname || '未设置昵称'}（${r.user_id}）` },
        ...columns
      ]}
    />
  )
}

/** One row per learner, ranked as the app's 成绩排行: best score, then the shorter time, then the earlier. */
function Ranking({ paper }: { paper: AdminExamPaper }) {
  return (
    <PaperTable<AdminExamRanking>
      paper={paper}
      path="/exam/ranking"
      rowKey="user_id"
      columns={[
        { title: '最好成绩', render: (_, r) => scoreTag(r.best_score, r.passed) },
        { title: '用时', render: (_, r) => duration(r.used_sec) },
        { title: '考试次数', dataIndex: 'sittings' },
        { title: '首次及格', render: (_, r) => (r.first_passed_at ? time(r.first_passed_at) : '未及格') }
      ]}
    />
  )
}

/** Submitted sittings of a paper, best score first, then fastest: every sitting of every learner. */
function Results({ paper }: { paper: AdminExamPaper }) {
  return (
    <PaperTable<AdminExamResult>
      paper={paper}
      path="/exam/results"
      rowKey="attempt_id"
      columns={[
        { title: '得分', render: (_, r) => scoreTag(r.score, r.passed) },
        { title: '答对', render: (_, r) => `${r.correct_count} / ${r.total}` },
        { title: '用时', render: (_, r) => duration(r.used_sec) },
        { title: '交卷时间', render: (_, r) => time(r.submitted_at) }
      ]}
    />
  )
}
