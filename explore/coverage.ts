// What the faults reached: each write of a record (the comment, the note, the deployment and its
// statuses, GitHub's and GitLab's commit status), by phase (the "in progress" open, or the
// outcome's close) and the fault it met. A fault drawn for a write the run never sent reaches
// nothing, so the table counts requests that arrived, not faults drawn.
import type { Fault } from './schedule.js'
import type { Seen } from './standins.js'

export const RECORD_KINDS = ['comment', 'note', 'deployment', 'github-status', 'gitlab-status'] as const
export type RecordKind = (typeof RECORD_KINDS)[number]
export const PHASES = ['open', 'close'] as const
export type Phase = (typeof PHASES)[number]
export const COVERAGE_FAULTS = [
  'ok',
  'latency',
  'reset-before',
  'reset-after',
  'reset-mid-body',
  'status-5xx',
  'status-429',
  'held-write',
  'never-answered',
  'lost-5xx-later',
  'lost-reset-later',
  'hang',
  'rate-limit',
  'refused',
  'held-past-outcome'
] as const
export type CoverageFault = (typeof COVERAGE_FAULTS)[number]

const RECORD_OF: Record<string, RecordKind> = {
  'gh:write': 'comment',
  'gl:write': 'note',
  'gh:deploy': 'deployment',
  'gh:status': 'github-status',
  'gl:status': 'gitlab-status'
}

export function coverageFault(fault: Fault): CoverageFault | undefined {
  switch (fault.kind) {
    case 'status':
      return fault.code === 429 ? 'status-429' : 'status-5xx'
    case 'lost-later':
      return fault.answer === 'reset' ? 'lost-reset-later' : 'lost-5xx-later'
    case 'bad-record':
      return undefined
    default:
      return fault.kind
  }
}

const stateOf = (body: string | undefined): string | undefined => {
  try {
    const state = (JSON.parse(body ?? '') as { state?: unknown }).state
    return typeof state === 'string' ? state : undefined
  } catch {
    return undefined
  }
}

/** Each write of a record a run sent: its kind, phase and the fault it met. */
export function recordWrites(seen: readonly Seen[]): { record: RecordKind; phase: Phase; fault: CoverageFault }[] {
  const writes: { record: RecordKind; phase: Phase; fault: CoverageFault }[] = []
  const earlier = new Map<string, number>()
  for (const s of [...seen].sort((a, b) => a.at - b.at)) {
    const record = RECORD_OF[s.channel]
    const fault = coverageFault(s.fault)
    if (!record || !fault || s.method === 'GET') continue
    // The n-th write of its kind (of a deployment's statuses): the first is the open when the body was never read (a reset before it).
    const key = s.channel === 'gh:deploy' && /\/deployments$/.test(s.path) ? 'gh:deploy:create' : s.channel
    const n = earlier.get(key) ?? 0
    earlier.set(key, n + 1)
    let phase: Phase
    if (key === 'gh:deploy:create') phase = 'open'
    else if (s.body === undefined) phase = n === 0 ? 'open' : 'close'
    else if (record === 'comment' || record === 'note') phase = s.body.includes('⏳ Waiting for') ? 'open' : 'close'
    else phase = ['pending', 'running', 'in_progress', 'queued'].includes(stateOf(s.body) ?? '') ? 'open' : 'close'
    writes.push({ record, phase, fault })
  }
  return writes
}

/** What the docs site (site-url) served a read: each kind of answer it gave, and a slow one. */
export const SITE_ANSWERS = ['fresh', 'stale', 'missing', 'gone', 'status-5xx', 'status-429', 'redirect', 'refused', 'slow'] as const
export type SiteAnswerKind = (typeof SITE_ANSWERS)[number]

/** Each answer the site gave a read that arrived (a slow one counted as that too). */
export function siteAnswers(seen: readonly Seen[]): SiteAnswerKind[] {
  const answers: SiteAnswerKind[] = []
  for (const s of seen) {
    if (s.party !== 'site' || !s.served || s.served === 'unknown') continue
    if (s.served === 'status') answers.push(s.fault.kind === 'status' && s.fault.code === 429 ? 'status-429' : 'status-5xx')
    else answers.push(s.served)
    if (s.fault.kind === 'latency') answers.push('slow')
  }
  return answers
}

export type Coverage = Record<string, number>
export const cell = (record: RecordKind, phase: Phase, fault: CoverageFault) => `${record} ${phase} ${fault}`

export function addCoverage(coverage: Coverage, seen: readonly Seen[]): void {
  for (const w of recordWrites(seen)) coverage[cell(w.record, w.phase, w.fault)] = (coverage[cell(w.record, w.phase, w.fault)] ?? 0) + 1
  for (const answer of siteAnswers(seen)) coverage[`site ${answer}`] = (coverage[`site ${answer}`] ?? 0) + 1
  // The listings of the commit's check runs and statuses read for platform-check, by what they answered.
  for (const s of seen)
    if (s.listing || (s.channel === 'gh:checks' && s.delivered)) {
      const key = `check ${s.listing?.of ?? 'check-runs'} ${s.delivered?.status ?? 'no answer'}`
      coverage[key] = (coverage[key] ?? 0) + 1
    }
}

/** The table: a row per record and phase, a column per fault; the answers the site gave; then the cells never reached. */
export function coverageTable(coverage: Coverage): string[] {
  const short: Record<CoverageFault, string> = {
    ok: 'ok',
    latency: 'lat',
    'reset-before': 'rst<',
    'reset-after': 'rst>',
    'reset-mid-body': 'rst½',
    'status-5xx': '5xx',
    'status-429': '429',
    'held-write': 'held',
    'never-answered': 'noans',
    'lost-5xx-later': '5xx→',
    'lost-reset-later': 'rst→',
    hang: 'hang',
    'rate-limit': 'rl',
    refused: 'ref',
    'held-past-outcome': 'hpo'
  }
  const lines = [`  ${'record write'.padEnd(20)}${COVERAGE_FAULTS.map((f) => short[f].padStart(6)).join('')}`]
  const missing: string[] = []
  for (const record of RECORD_KINDS)
    for (const phase of PHASES) {
      const counts = COVERAGE_FAULTS.map((fault) => coverage[cell(record, phase, fault)] ?? 0)
      COVERAGE_FAULTS.forEach((fault, i) => {
        if (counts[i] === 0) missing.push(cell(record, phase, fault))
      })
      lines.push(`  ${`${record} ${phase}`.padEnd(20)}${counts.map((n) => String(n).padStart(6)).join('')}`)
    }
  lines.push(
    `  (lat latency, rst< reset before, rst> reset after, rst½ reset mid-body, held held-write, noans never answered, 5xx→ / rst→ lost then applied later, hang never answered nor applied, rl rate limit, ref refused for good (401, 403, 404, 422), hpo held until after the outcome)`
  )
  // The site's answers (site-url) reached by a read: a schedule in eight reads its pages there.
  const site = SITE_ANSWERS.map((answer) => `${answer} ${coverage[`site ${answer}`] ?? 0}`)
  const unreached = SITE_ANSWERS.filter((answer) => (coverage[`site ${answer}`] ?? 0) === 0)
  lines.push(`  site answers read: ${site.join(', ')}${unreached.length === 0 ? '' : `; never read: ${unreached.join(', ')}`}`)
  // The listings read for platform-check (a schedule in ten), by what they answered.
  const checks = Object.entries(coverage).filter(([key]) => key.startsWith('check '))
  if (checks.length > 0) lines.push(`  platform-check listings answered: ${checks.map(([key, n]) => `${key.slice('check '.length)} ${n}`).join(', ')}`)
  lines.push(missing.length === 0 ? '  every cell reached' : `  never reached (${missing.length}): ${missing.join(', ')}`)
  return lines
}
