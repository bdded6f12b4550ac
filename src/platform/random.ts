/** Random bytes from the browser's cryptographic source (H5); the mini-program's is random.weapp.ts. */
export async function randomBytes(count: number): Promise<Uint8Array> {
  if (!globalThis.crypto?.getRandomValues) throw new Error('当前环境没有安全随机数，请手动输入')
  return globalThis.crypto.getRandomValues(new Uint8Array(count))
}
