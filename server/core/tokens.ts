import crypto from 'node:crypto'

export function newToken(): string {
  return crypto.randomBytes(32).toString('hex')
}

/** Only the hash is stored, so a leaked table cannot be replayed as credentials. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** The raw token from `Authorization: <token>` / `Bearer <token>`, else from the `token` param. */
export function tokenFromRequest(
  headers: Record<string, unknown>,
  params: Record<string, unknown> | undefined
): string | undefined {
  const header = headers.authorization
  if (typeof header === 'string' && header.trim()) {
    const value = header.trim().replace(/^Bearer\s+/i, '')
    if (value) return value
  }
  const fromParams = params?.token
  return typeof fromParams === 'string' && fromParams.trim() ? fromParams.trim() : undefined
}
