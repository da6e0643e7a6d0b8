// The npm dist-tag a new version is published with, by the moving-tag rule of dev/publish.sh:
// a moving tag only ever moves forward.
//
//   node dev/dist-tag.js X.Y.Z '<the published versions, as npm view … versions --json prints them>'
//
// prints `latest`, `latest-N` or `backport-N`, or exits 1 saying why there is none.
import { fileURLToPath } from 'node:url'

/** [major, minor, patch] of a plain X.Y.Z; undefined for anything else (a pre-release too). */
export function parseVersion(text) {
  const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(String(text))
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined
}

function compare(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * The dist-tag of `version` given the versions already published (npm view answers a string for
 * one version, an array for several). Throws when the version is not X.Y.Z or is published.
 */
export function distTagFor(version, published) {
  const mine = parseVersion(version)
  if (!mine) throw new Error(`'${version}' is not a version like 1.2.3`)
  const list = (Array.isArray(published) ? published : published ? [published] : []).map(String)
  if (list.includes(version))
    throw new Error(`${version} is published already: a published version is never replaced (release ${mine[0]}.${mine[1]}.${mine[2] + 1} instead)`)
  const others = list.map(parseVersion).filter((v) => v !== undefined)
  if (others.every((v) => compare(v, mine) < 0)) return 'latest'
  if (others.filter((v) => v[0] === mine[0]).every((v) => compare(v, mine) < 0)) return `latest-${mine[0]}`
  return `backport-${mine[0]}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const [version = '', published = '[]'] = process.argv.slice(2)
    console.log(distTagFor(version, published.trim() === '' ? [] : JSON.parse(published)))
  } catch (error) {
    console.error(`dist-tag: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
