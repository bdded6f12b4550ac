import { Tag } from 'antd'
import type { AdminUserItem } from '../../../../src/api/contracts/admin'

export function UserStatus({ user }: { user: Pick<AdminUserItem, 'disabled' | 'deleted'> }) {
  if (user.deleted) return <Tag>已注销</Tag>
  return user.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>
}
