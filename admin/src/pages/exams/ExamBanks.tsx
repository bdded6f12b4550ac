import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import {
  type ActionType,
  PageContainer,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProTable
} from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminExamBank, AdminExamQuestion, AdminExamSaved } from '@contract/admin'
import { Alert, App, Button, Drawer, Input, Modal, Popconfirm, Result, Space, Table, Tag, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import { useFormSave } from '../../act'
import { api } from '../../api/client'
import { GuardedModalForm } from '../../components/GuardedModalForm'
import { time } from '../../format'
import { useSession } from '../../session'
import { leave, useUnsavedChanges } from '../../unsaved'

export const TOPIC_OPTIONS = [
  { value: 'bazi', label: '八字' },
  { value: 'wuxing', label: '五行' },
  { value: 'bagua', label: '八卦' },
  { value: 'fengshui', label: '风水' }
]
const TYPE_TEXT: Record<AdminExamQuestion['type'], string> = { single: '单选', multiple: '多选', judge: '判断' }
const LETTERS = 'ABCDEFGHIJ'
const TEMPLATE =
  '题型,题干,选项A,选项B,选项C,选项D,答案,解析\r\n单选,天干共有几个？,八个,十个,十二个,六十个,B,甲乙丙丁戊己庚辛壬癸\r\n多选,下列属于阳干的是？' +
  ',甲,乙,丙,丁,AC,甲丙戊庚壬为阳干\r\n判断,地支共有十二个。,,,,,正确,\r\n'

/** A CSV as text: UTF-8, or GBK as Excel on Chinese Windows saves it. */
async function csvText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer()
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('gbk').decode(bytes)
  }
}

/** 题库: banks with their questions by type; each bank's questions, written one by one or imported from CSV. */
export default function ExamBanks() {
  const { can } = useSession()
  const editable = can('exam.edit')
  const [banks, setBanks] = useState<AdminExamBank[] | null>(null)
  const [error, setError] = useState('')
  const [open, setOpen] = useState<number | null>(null)
  const load = useCallback(() => {
    setError('')
    api.get<AdminExamBank[]>('/exam/banks').then(setBanks, (e: Error) => setError(e.message))
  }, [])
  useEffect(load, [load])
  const bank = banks?.find((b) => b.bank_id === open) ?? null

  const save = useFormSave({ always: load })
  const saveBank = (v: { name: string; topic: string; intro?: string }, b?: AdminExamBank) =>
    save(
      () =>
        api.post<AdminExamSaved>('/exam/bankSave', {
          ...v,
          intro: v.intro ?? '',
          bank_id: b?.bank_id,
          version: b?.version
        }),
      b ? '题库已保存' : '题库已创建'
    )

  if (error)
    return (
      <Result status="warning" title="题库加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  return (
    <PageContainer title="题库" extra={editable && <BankModal onSave={(v) => saveBank(v)} />}>
      <Table<AdminExamBank>
        rowKey="bank_id"
        loading={banks === null}
        dataSource={banks ?? []}
        pagination={false}
        locale={{ emptyText: '还没有题库：新建一个，再导入题目' }}
        columns={[
          { title: '题库', dataIndex: 'name', render: (_, b) => <a onClick={() => setOpen(b.bank_id)}>{b.name}</a> },
          {
            title: '分类',
            dataIndex: 'topic',
            render: (_, b) => TOPIC_OPTIONS.find((t) => t.value === b.topic)?.label
          },
          { title: '单选', dataIndex: 'single' },
          { title: '多选', dataIndex: 'multiple' },
          { title: '判断', dataIndex: 'judge' },
          { title: '说明', dataIndex: 'intro', ellipsis: true },
          { title: '更新时间', dataIndex: 'updated_at', render: (_, b) => time(b.updated_at) },
          {
            title: '操作',
            render: (_, b) => (
              <Space>
                <a onClick={() => setOpen(b.bank_id)}>题目</a>
                {editable && <BankModal bank={b} onSave={(v) => saveBank(v, b)} />}
              </Space>
            )
          }
        ]}
      />
      <Drawer
        title={bank ? `题目：${bank.name}` : ''}
        open={bank !== null}
        onClose={() => setOpen(null)}
        width={1000}
        destroyOnClose
      >
        {bank && <Questions bank={bank} editable={editable} reloadBanks={load} />}
      </Drawer>
    </PageContainer>
  )
}

function BankModal({
  bank,
  onSave
}: {
  bank?: AdminExamBank
  onSave: (v: { name: string; topic: string; intro?: string }) => Promise<boolean>
}) {
  return (
    <GuardedModalForm
      name={bank ? `bank${bank.bank_id}` : 'newBank'}
      title={bank ? '修改题库' : '新建题库'}
      width={480}
      modalProps={{ destroyOnClose: true }}
      trigger={
        bank ? (
          <a>编辑</a>
        ) : (
          <Button type="primary" icon={<PlusOutlined />}>
            新建题库
          </Button>
        )
      }
      initialValues={bank ?? { topic: 'bazi' }}
      onFinish={onSave}
    >
      <ProFormText
        name="name"
        label="题库名称"
        rules={[
          { required: true, message: '请填写题库名称' },
          { max: 32, message: '不超过 32 字' }
        ]}
      />
      <ProFormSelect
        name="topic"
        label="分类"
        options={TOPIC_OPTIONS}
        rules={[{ required: true, message: '请选择分类' }]}
      />
      <ProFormTextArea name="intro" label="说明" rules={[{ max: 200, message: '不超过 200 字' }]} />
    </GuardedModalForm>
  )
}

function Questions({
  bank,
  editable,
  reloadBanks
}: {
  bank: AdminExamBank
  editable: boolean
  reloadBanks: () => void
}) {
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [importing, setImporting] = useState(false)
  // Every write carries the bank's version and answers the next one.
  const version = useRef(bank.version)
  useEffect(() => {
    version.current = bank.version
  }, [bank.version])

  const post = async (path: string, params: Record<string, unknown>): Promise<AdminExamSaved> => {
    try {
      const saved = await api.post<AdminExamSaved>(path, { bank_id: bank.bank_id, version: version.current, ...params })
      version.current = saved.version
      return saved
    } finally {
      table.current?.reload()
      reloadBanks()
    }
  }
  const write = (path: string, params: Record<string, unknown>, done: string): Promise<AdminExamSaved | null> =>
    post(path, params).then(
      (saved) => (message.success(done), saved),
      (e: Error) => (message.error(e.message), null)
    )

  return (
    <>
      <ProTable<AdminExamQuestion, { keyword?: string }>
        rowKey="question_id"
        actionRef={table}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        locale={{ emptyText: '题库里还没有题目：导入 CSV 或逐题新增' }}
        toolBarRender={() =>
          editable
            ? [
                <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  导入 CSV
                </Button>,
                <QuestionModal key="add" onSave={(v) => write('/exam/questionSave', v, '题目已添加')} />
              ]
            : []
        }
        request={async ({ current, pageSize, keyword }) => {
          const data = await api.get<Paged<AdminExamQuestion>>('/exam/questions', {
            bank_id: bank.bank_id,
            page: current,
            per_page: pageSize,
            keyword
          })
          return { data: data.list, total: data.total, success: true }
        }}
        columns={[
          { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '题干' } },
          {
            title: '题型',
            dataIndex: 'type',
            search: false,
            width: 70,
            render: (_, q) => <Tag>{TYPE_TEXT[q.type]}</Tag>
          },
          {
            title: '题目',
            dataIndex: 'stem',
            search: false,
            render: (_, q) => (
              <Space direction="vertical" size={0}>
                <span>{q.stem}</span>
                {q.options.map((o, i) => (
                  <Typography.Text key={i} type={q.answer.includes(i) ? 'success' : 'secondary'}>
                    {LETTERS[i]}. {o}
                  </Typography.Text>
                ))}
              </Space>
            )
          },
          { title: '答案', search: false, width: 70, render: (_, q) => q.answer.map((i) => LETTERS[i]).join('') },
          { title: '解析', dataIndex: 'explanation', search: false, ellipsis: true },
          {
            title: '操作',
            valueType: 'option',
            width: 110,
            render: (_, q) =>
              editable && (
                <Space>
                  <QuestionModal
                    question={q}
                    onSave={(v) => write('/exam/questionSave', { ...v, question_id: q.question_id }, '题目已保存')}
                  />
                  <Popconfirm
                    title="删除这道题？"
                    onConfirm={() => write('/exam/questionDelete', { question_id: q.question_id }, '题目已删除')}
                  >
                    <a>删除</a>
                  </Popconfirm>
                </Space>
              )
          }
        ]}
      />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onImport={async (csv) => {
          const saved = await post('/exam/questionImport', { csv })
          message.success(`已导入 ${saved.imported} 道题`)
        }}
      />
    </>
  )
}

/** A CSV chosen from disk (or pasted); the server takes all rows or none and names every bad row by its line. */
function ImportModal({
  open,
  onClose,
  onImport
}: {
  open: boolean
  onClose: () => void
  onImport: (csv: string) => Promise<void>
}) {
  const [csv, setCsv] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState('')
  const close = () => (setCsv(''), setProblem(''), onClose())
  useUnsavedChanges(open && csv.trim() !== '')
  return (
    <Modal
      title="导入题目"
      open={open}
      onCancel={() => leave(close)}
      okText="导入"
      confirmLoading={busy}
      okButtonProps={{ disabled: !csv.trim() }}
      onOk={async () => {
        setBusy(true)
        setProblem('')
        // The problem stays in the dialog: a file with several bad rows needs reading, not a passing toast.
        const done = await onImport(csv).then(
          () => true,
          (e: Error) => (setProblem(e.message), false)
        )
        setBusy(false)
        if (done) close()
      }}
      width={720}
      destroyOnClose
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          第一行为表头：题型,题干,选项A,选项B,选项C,选项D,答案,解析（选项可增至 选项J）。题型写 单选、多选 或
          判断；答案写选项字母（多选如 AC），判断题写 正确 或 错误。 有任何一行出错时不会导入任何题目。
          <Typography.Link
            href={`data:text/csv;charset=utf-8,${encodeURIComponent('\ufeff' + TEMPLATE)}`}
            download="题目导入模板.csv"
          >
            下载模板
          </Typography.Link>
        </Typography.Paragraph>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="选择 CSV 文件"
          onChange={async (e) => e.target.files?.[0] && setCsv(await csvText(e.target.files[0]))}
        />
        <Input.TextArea
          aria-label="题目内容"
          rows={10}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          placeholder="选择文件，或把表格内容粘贴到这里"
        />
        {problem && <Alert type="error" showIcon message={problem} />}
      </Space>
    </Modal>
  )
}

interface QuestionForm {
  type: AdminExamQuestion['type']
  stem: string
  options: string
  answer: string
  explanation: string
}

function QuestionModal({
  question,
  onSave
}: {
  question?: AdminExamQuestion
  onSave: (v: Record<string, unknown>) => Promise<AdminExamSaved | null>
}) {
  return (
    <GuardedModalForm<QuestionForm>
      name={question ? `q${question.question_id}` : 'newQuestion'}
      title={question ? '修改题目' : '新增题目'}
      width={600}
      modalProps={{ destroyOnClose: true }}
      trigger={
        question ? (
          <a>编辑</a>
        ) : (
          <Button type="primary" icon={<PlusOutlined />}>
            新增题目
          </Button>
        )
      }
      initialValues={
        question
          ? {
              type: question.type,
              stem: question.stem,
              options: question.type === 'judge' ? '' : question.options.join('\n'),
              answer:
                question.type === 'judge'
                  ? question.answer[0] === 0
                    ? '正确'
                    : '错误'
                  : question.answer.map((i) => LETTERS[i]).join(''),
              explanation: question.explanation
            }
          : { type: 'single' }
      }
      onFinish={async (v) => {
        const judge = v.type === 'judge'
        const options = judge
          ? []
          : (v.options ?? '')
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean)
        const answer = judge
          ? [/^(正确|对|A)$/i.test(v.answer.trim()) ? 0 : 1]
          : [...v.answer.toUpperCase().replace(/[^A-J]/g, '')].map((l) => l.charCodeAt(0) - 65)
        return !!(await onSave({ type: v.type, stem: v.stem, options, answer, explanation: v.explanation ?? '' }))
      }}
    >
      <ProFormSelect
        name="type"
        label="题型"
        options={Object.entries(TYPE_TEXT).map(([value, label]) => ({ value, label }))}
        rules={[{ required: true, message: '请选择题型' }]}
      />
      <ProFormTextArea
        name="stem"
        label="题干"
        rules={[
          { required: true, message: '请填写题干' },
          { max: 256, message: '不超过 256 字' }
        ]}
      />
      <ProFormTextArea
        name="options"
        label="选项"
        extra="每行一个，依次为 A、B、C……；判断题不用填"
        fieldProps={{ rows: 4 }}
      />
      <ProFormText
        name="answer"
        label="答案"
        extra="选项字母，多选如 AC；判断题填 正确 或 错误"
        rules={[{ required: true, message: '请填写答案' }]}
      />
      <ProFormTextArea name="explanation" label="解析" rules={[{ max: 2000, message: '不超过 2000 字' }]} />
    </GuardedModalForm>
  )
}
