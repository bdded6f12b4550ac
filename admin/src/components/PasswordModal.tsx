import { App, Form, Input, Modal } from 'antd'

import { api } from '../api/client'

/** The operator's own password change; the server ends the operator's other sessions. */
export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm()
  const { message } = App.useApp()
  const submit = async () => {
    // A field that fails its rule shows its own message under it; nothing is sent.
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    try {
      await api.post('/auth/password', { old_password: values.old_password, new_password: values.new_password })
      message.success('密码已修改，其他设备上的登录已退出')
      form.resetFields()
      onClose()
    } catch (e) {
      message.error((e as Error).message)
    }
  }
  return (
    <Modal title="修改密码" open={open} onOk={submit} onCancel={onClose} okText="保存" destroyOnClose>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="原密码" name="old_password" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="new_password"
          extra="10-64 位，需同时包含字母和数字，不能是常见密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { min: 10, max: 64, message: '长度应为 10-64 位' },
            { pattern: /(?=.*[A-Za-z])(?=.*\d)/, message: '需同时包含字母和数字' }
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致'))
            })
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
