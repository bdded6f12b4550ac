/** Calls the test server's API directly (test setup), with a user's token when given. */
export async function api<T = any>(
  server: string,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> = {},
  token?: string
): Promise<T> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(token ? { authorization: token } : {})
  }
  const res =
    method === 'GET'
      ? await fetch(`${server}${path}?${new URLSearchParams(params as Record<string, string>)}`, { headers })
      : await fetch(`${server}${path}`, { method, headers, body: JSON.stringify(params) })
  const body = await res.json()
  if (body.code !== 1) throw new Error(`${path}: ${body.code} ${body.msg}`)
  return body.data
}
