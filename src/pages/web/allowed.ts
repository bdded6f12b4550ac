/**
 * Whether the web view may open `url`: http(s) only, and its host one of the server's configured hosts
 * (or a subdomain of one). Returns the reason it may not, or undefined.
 */
export function refusal(url: string, hosts: string[] | undefined): string | undefined {
  const match = /^(https?):\/\/([^/?#:]+)(?::\d+)?(?:[/?#]|$)/i.exec(url.trim())
  if (!match) return '链接地址不正确'
  const host = match[2].toLowerCase()
  const allowed = (hosts ?? []).some((h) => host === h || host.endsWith('.' + h))
  return allowed ? undefined : `出于安全考虑，不能在应用内打开 ${host} 的页面`
}
