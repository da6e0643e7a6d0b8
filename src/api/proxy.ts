/** The proxy a request to one origin goes through, and the variable that named it. */
export interface ProxyChoice {
  url: string
  /** The variable's name (never its value, which may hold credentials), for messages. */
  variable: string
}

/**
 * Which proxy, if any, serves `target`, read from the runner's variables the way the Actions
 * toolkit reads them: `https_proxy`/`HTTPS_PROXY` for https (falling back on the http one),
 * `http_proxy`/`HTTP_PROXY` for http; a variable set but empty counts as unset, so `no_proxy=''`
 * does not hide a set `NO_PROXY`; loopback hosts never go through a proxy. A proxy given without
 * a scheme (`proxy.internal:3128`, as curl accepts) is taken as http://. Throws with the
 * variable's name, never its value, when it is not a URL.
 */
export function chooseProxy(target: URL, env: NodeJS.ProcessEnv = process.env): ProxyChoice | undefined {
  const http = proxyFrom(env, 'http_proxy', 'HTTP_PROXY')
  const https = proxyFrom(env, 'https_proxy', 'HTTPS_PROXY')
  const choice = target.protocol === 'https:' ? (https ?? http) : http
  if (!choice || isLoopback(target.hostname) || bypassed(target, env)) return undefined
  return choice
}

function proxyFrom(env: NodeJS.ProcessEnv, lower: string, upper: string): ProxyChoice | undefined {
  const variable = env[lower]?.trim() ? lower : upper
  const value = env[variable]?.trim()
  if (!value) return undefined
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(`the proxy variable ${variable} is not an http:// or https:// URL; set it like http://proxy.example:3128`)
  return { url, variable }
}

/** Loopback never goes through a proxy (as in the toolkit): a proxy cannot reach the runner's own loopback. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '::1' || host === '0:0:0:0:0:0:0:1'
}

/**
 * Whether NO_PROXY lists the target: `*`, the host, the host with its port, or a parent domain
 * (`example.com` and `.example.com` both cover `api.example.com`). Case-insensitive.
 */
function bypassed(target: URL, env: NodeJS.ProcessEnv): boolean {
  const list = env.no_proxy?.trim() ? env.no_proxy : (env.NO_PROXY ?? '')
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '')
  const port = target.port || (target.protocol === 'https:' ? '443' : '80')
  const names = [host, `${host}:${port}`]
  return list
    .split(/[,\s]+/)
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^\*?\./, '.')
    )
    .filter((entry) => entry !== '')
    .some((entry) => {
      if (entry === '*') return true
      const bare = entry.startsWith('.') ? entry.slice(1) : entry
      return names.some((name) => name === bare || name.endsWith(`.${bare}`))
    })
}
