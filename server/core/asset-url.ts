/** Seeded images are stored as site paths; the mini-program needs them absolute. */
export function assetUrl(publicUrl: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? publicUrl + url : url
}
