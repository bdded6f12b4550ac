import type { AdminUserItem } from '@contract/admin'
import { Tag } from 'antd'

export function UserStatus({ user }: { user: Pick<AdminUserItem, 'disabled' | 'deleted' | 'merged_into'> }) {
  if (user.deleted) return <Tag>已注销</Tag>
  if (user.merged_into) return <Tag color="orange">已合并到用户 {user.merged_into}</Tag>
  return user.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>
}
