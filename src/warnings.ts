// What the step warns of, for machines as well as people: every warning has a code that stays
// when its words change, printed at the end of its line ("… [commit-status.not-written]"), so a
// pipeline, a test or the explorer tells one warning from another without reading its words.
// This is the one list of them; docs/troubleshooting.md ("Warning codes") says what each means
// and what to do, a row each (a test holds the two to each other).

/** The records the step keeps outside itself. */
export const RECORDS = ['comment', 'note', 'deployment', 'commit-status'] as const
export type RecordName = (typeof RECORDS)[number]

/** What a record's warning says of it, whichever record it is (`<record>.<kind>`). */
export const RECORD_KINDS = ['not-written', 'out-of-time', 'may-not-hold', 'skipped', 'no-token', 'not-loaded'] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

/**
 * The pull request comment's and the merge request note's own warnings (`<comment|note>.<kind>`):
 * what a write whose answer was lost shows if it lands after the step: a second one saying "⏳
 * Waiting" (`late-twin`); the step's one, or a second beside another run's (`late-waiting-or-twin`);
 * the close's creation, late (`late-creation`); a second one left beside an older one (`twin-left`);
 * and this run's outcome, of a commit that is no longer the head, perhaps standing over the newer
 * head's (`older-head`: the head moved while it was written, and it could not be marked as that run's).
 */
export const MESSAGE_KINDS = ['late-twin', 'late-waiting-or-twin', 'late-creation', 'twin-left', 'older-head'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** The commit status's own warnings, beside the kinds every record has. */
export const COMMIT_STATUS_CODES = [
  'commit-status.late-success',
  'commit-status.late-pending',
  'commit-status.others-unread',
  'commit-status.unconfirmed',
  'commit-status.named-like-job'
] as const

/** The step's other warnings. */
export const STEP_CODES = [
  'status.unknown',
  'result.timeout-passes',
  'outputs.cut',
  'summary.not-written',
  'report.not-written',
  'explanation.not-loaded',
  'cancel.grace-ran-out',
  'input.key-as-flag',
  'input.action-only',
  'step.late-fault',
  'check.unproven'
] as const

export type WarningCode =
  | `${RecordName}.${RecordKind}`
  | `${'comment' | 'note'}.${MessageKind}`
  | (typeof COMMIT_STATUS_CODES)[number]
  | (typeof STEP_CODES)[number]

/** Every code a warning may carry. */
export function everyWarningCode(): WarningCode[] {
  return [
    ...RECORDS.flatMap((record) => RECORD_KINDS.map((kind): WarningCode => `${record}.${kind}`)),
    ...(['comment', 'note'] as const).flatMap((message) => MESSAGE_KINDS.map((kind): WarningCode => `${message}.${kind}`)),
    ...COMMIT_STATUS_CODES,
    ...STEP_CODES
  ]
}

/** A warning's line as it is printed: its words, then its codes in brackets (the first says what it is about most). */
export function withCodes(words: string, codes: WarningCode | readonly WarningCode[]): string {
  const list = [...new Set(typeof codes === 'string' ? [codes] : codes)]
  return list.length === 0 ? words : `${words} [${list.join(', ')}]`
}

/** The codes at the end of a printed warning line (none when it has none). */
export function codesOf(line: string): string[] {
  const found = /\[([a-z-]+\.[a-z-]+(?:, [a-z-]+\.[a-z-]+)*)\]\s*$/.exec(line)
  return found?.[1] ? found[1].split(', ') : []
}
