import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], '*': ['class'] },
  // No data: URIs, images included: they smuggle SVG with script, and bloat what is stored.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false
}

/** Rich text as the client may render it: formatting and images only, no scripts, styles, handlers or data: URIs. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

// Stored HTML is cleaned again on the way out (rows written before a rule tightened, or by hand in the
// database); the same few texts are asked for over and over, so their clean form is remembered.
const CACHE_MAX = 256
const cleaned = new Map<string, string>()

/** Stored HTML as it may leave the server: sanitized again whatever it was when written. */
export function outputHtml(html: string): string {
  if (!html) return html
  const hit = cleaned.get(html)
  if (hit !== undefined) return hit
  const clean = sanitizeArticleHtml(html)
  if (cleaned.size >= CACHE_MAX) cleaned.delete(cleaned.keys().next().value!)
  cleaned.set(html, clean)
  return clean
}
