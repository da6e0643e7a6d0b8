// What an address the step reads from must be, whoever gives it: base-url and site-url as inputs,
// and the preview's address the platform answers (`site-url: preview`).

/** Whether a host name is this machine's: the only place plain http:// is accepted. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/**
 * Why an address cannot be read from: https (http only on loopback), nothing that carries a
 * secret. `credentials` says where the secret goes instead.
 */
export function addressProblems(url: URL, text: string, credentials: string): string[] {
  const problems: string[] = []
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('must use https://')
  else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    problems.push('must use https:// (http:// is accepted only for localhost, 127.0.0.0/8 and [::1])')
  if (url.username || url.password) problems.push(`must not contain credentials; ${credentials}`)
  if (url.search || text.includes('?')) problems.push('must not contain a query string')
  if (url.hash || text.includes('#')) problems.push('must not contain a fragment')
  return problems
}

/** Why a site's address cannot be read from, as base-url's rules say. */
export function siteUrlProblems(text: string): string[] {
  if (!URL.canParse(text)) return ['is not a URL; use the address readers open the docs at, e.g. https://docs.example.com']
  return addressProblems(new URL(text), text, 'give the header a protected site needs in page-header')
}

/** The address pages are read below: without trailing slashes. */
export function siteBase(text: string): URL {
  const url = new URL(text)
  url.pathname = url.pathname.replace(/\/+$/, '')
  return url
}
