import { MetaphysicsError } from '@/metaphysics/errors'

/** Runs an engine call; its MetaphysicsError (a Chinese message for the user) becomes `error`. */
export function attempt<T>(compute: () => T): { value?: T; error?: string } {
  try {
    return { value: compute() }
  } catch (e) {
    if (e instanceof MetaphysicsError) return { error: e.message }
    return { error: '计算出错，请检查输入后重试' }
  }
}
