/** Browser debug console (vConsole, loaded only when the VConsole flag is stored); see debug.weapp.ts. */
export async function openDebugConsole(): Promise<void> {
  const { default: VConsole } = await import('vconsole')
  new VConsole()
}
