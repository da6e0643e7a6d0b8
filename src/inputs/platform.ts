// Where the platform is, and the admin key that reads updates and jobs and starts work.
import * as z from 'zod/mini'
import { addressProblems } from '../site-address.js'
import { addProblem, fromText, platformKeySchema } from './values.js'

export const platformDefaults = {
  'base-url': '',
  'admin-key': ''
} as const

export const platformSchema = z.object({
  'base-url': fromText((text, ctx) => {
    if (text === '') return undefined
    let url: URL
    try {
      url = new URL(text)
    } catch {
      addProblem(ctx, 'is not a URL; use e.g. https://api.example.com')
      return z.NEVER
    }
    const problems = addressProblems(url, text, 'pass the key in admin-key')
    // The platform's paths carry their version (`/v1/project/…`, `/v2/agent/…`, `/discovery/v1/…`): a
    // base URL ending in one, as the platform's published reference names its server, doubles it.
    const versioned = /^(.*?)(\/(?:discovery(?:\/v\d+)?|v\d+))\/*$/i.exec(url.pathname)
    if (problems.length === 0 && versioned) {
      const [, rest = '', version = ''] = versioned
      problems.push(
        `ends with ${version}, and every path of the platform's API already begins with its version (a status would be read at ${url.origin}${rest}${version}/v1/project/update-status/…); give the address without it: ${url.origin}${rest}`
      )
    }
    for (const message of problems) addProblem(ctx, message)
    if (problems.length > 0) return z.NEVER
    url.pathname = url.pathname.replace(/\/+$/, '')
    return url
  }),
  'admin-key': platformKeySchema
})

/**
 * A URL as it may be shown: where a key often goes becomes `***`: a user name and password, a
 * query string (`?token=…`) and a fragment.
 */
export function shownUrl(url: string): string {
  // Up to the last @: a password may hold characters that end the user info for a URL parser.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/*).*@/i, '$1***@').replace(/([?#])[\s\S]*$/, '$1***')
}
