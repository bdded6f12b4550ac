import { validateMobile } from '@/core/mobile-login'

export { validateMobile }

export function validateName(name: string): string | undefined {
  const n = name.trim()
  if (!n) return '请填写姓名'
  if (n.length < 2 || n.length > 16) return '姓名应为 2 到 16 个字'
  return undefined
}
