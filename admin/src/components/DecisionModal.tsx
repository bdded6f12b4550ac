import { App, Form, Input, Modal } from 'antd'

/** Confirms an approve/reject decision with its text (a reply or reason); a rejection needs one. */
export function DecisionModal(props: {
  open: boolean
  approve: boolean
  title: string
  /** The text's name; without it the dialog only confirms. */
  label?: string
  onClose: () => void
  onSubmit: (text: string) => Promise<void>
}) {
  const [form] = Form.useForm()
  const { message } = App.useApp()
  const submit = async () => {
    const { text = '' } = await form.validateFields()
    try {
      await props.onSubmit(text.trim())
      props.onClose()
    } catch (e) {
      message.error((e as Error).message)
    }
  }
  return (
    <Modal
      title={props.title}
      open={props.open}
      onOk={submit}
      onCancel={props.onClose}
      okText="确定"
      okButtonProps={{ danger: !props.approve }}
      destroyOnClose
    >
      <Form form={form} layout="vertical" preserve={false}>
        {props.label ? (
          <Form.Item
            label={props.label}
            name="text"
            rules={[
              { required: !props.approve, whitespace: true, message: `请填写${props.label}` },
              { max: 128, message: '最多 128 个字' }
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        ) : (
          '确定后不可撤销。'
        )}
      </Form>
    </Modal>
  )
}
