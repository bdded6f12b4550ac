// @types/react-dom is not installed (the app renders through Taro); the console uses only this.
declare module 'react-dom/client' {
  import type { ReactNode } from 'react'
  export function createRoot(container: Element): { render(children: ReactNode): void; unmount(): void }
}
