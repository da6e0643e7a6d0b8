import { pipeline, type Readable } from 'node:stream'

/** What the client asks for; a proxy may compress anyway, so every one of these is decoded. */
export const ACCEPT_ENCODING = 'gzip, deflate, br'

export type BodyRead = { text: string } | { tooLarge: true } | { undecodable: string }

/**
 * The body as text, decoded from `content-encoding` (gzip, deflate, br), read up to `limit`
 * bytes of the decoded text: a small compressed body that would inflate past it (a compression
 * bomb) is refused once `limit` is passed, never held whole. Network errors are thrown.
 */
export async function readBody(body: Readable, contentEncoding: string | null, limit: number): Promise<BodyRead> {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity')
  if (codings.length > 1 || (codings[0] && !DECODERS[codings[0]])) return { undecodable: oneCoding(contentEncoding) }
  const make = codings[0] ? DECODERS[codings[0]] : undefined
  let decodeFailed = false
  const source: Readable = make
    ? pipeline(
        body,
        make().on('error', () => (decodeFailed = !body.errored)),
        () => undefined
      )
    : body
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of source) {
      size += (chunk as Buffer).byteLength
      if (size > limit) {
        source.destroy()
        body.destroy()
        return { tooLarge: true }
      }
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (decodeFailed) return { undecodable: oneCoding(contentEncoding) }
    throw error
  }
  return { text: Buffer.concat(chunks).toString('utf8') }
}

/** node:zlib, loaded by the first compressed answer: an answer sent as it is needs none of it. */
const zlib = () => process.getBuiltinModule('node:zlib')
const DECODERS: Record<string, () => NodeJS.ReadWriteStream & Readable> = {
  gzip: () => zlib().createGunzip(),
  'x-gzip': () => zlib().createGunzip(),
  deflate: () => zlib().createInflate(),
  br: () => zlib().createBrotliDecompress()
}

function oneCoding(value: string | null): string {
  return (value ?? '').replace(/[^\w ,.-]/g, '').slice(0, 40)
}
