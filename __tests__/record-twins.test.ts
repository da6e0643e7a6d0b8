import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ACTIONS_BOT, startGitHubApi } from '../dev/github-api.js'
import { GITLAB_TOKEN, NOTE_AUTHOR, startGitLabApi } from '../dev/gitlab-api.js'
import { mergeRequestNotePort } from '../src/gitlab/mr-note.js'
import { pullRequestCommentPort } from '../src/github/pr-comment.js'
import type { RunOutcome } from '../src/model.js'
import type { RecordPort, WriteSignals } from '../src/records/lifecycle.js'
import { earlierMarkers } from '../src/report/comment.js'
import { runOutcome, updateReport } from './helpers/builders.js'

// The read back of the comment's and the note's ports after an "in progress" write whose answer
// was lost: a twin a lost creation made is removed (the step's own records with the current
// marker only), a late "in progress" is 'stale', and a lost write that is not seen anywhere is
// 'unseen'; after a creation, the oldest of the step's records is the one kept.
const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const TOKEN = 'ghs_fake_token_for_tests_0038'
const targets = [{ kind: 'update' as const, id: 'st_1' }]
const success = runOutcome([updateReport('st_1', { status: 'success' })], { headline: 'Update st_1 succeeded.' })

type GitHubApi = Awaited<ReturnType<typeof startGitHubApi>>
type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
let github: GitHubApi
let gitlab: GitLabApi

interface Held {
  id: number
  body: string
}

/** One port against its stand-in, and what the stand-in holds. */
interface Fixture {
  name: string
  port(): RecordPort<number, RunOutcome>
  /** Every record on the pull request / merge request, oldest first. */
  records(): (Held & { ours: boolean })[]
  /** A record of the step's own identity, created now (a new, higher id), as a lost creation lands. */
  land(body: string): Promise<number>
  /** A record of someone else. */
  others(body: string): number
  /** Sets a record's body, as a write that landed late. */
  set(id: number, body: string): void
  /** The next writes: held, or answered with an error status and not applied. */
  hold(...plans: unknown[]): void
  /** The body of the first "in progress" write sent. */
  sentOpen(): string
  deletes(): number
  earlierMarker: string
  reset(): void
}

let nextGitHubId = 90_000
const FIXTURES: Fixture[] = [
  {
    name: 'the pull request comment',
    port: () =>
      pullRequestCommentPort(
        { githubToken: TOKEN, kinds: ['update'], key: '', prNumberTarget: undefined, requestTimeoutMs: 2000 } as never,
        (text) => text,
        () => ({ targets, search: undefined })
      ),
    records: () => github.comments.map((c) => ({ id: c.id, body: c.body, ours: c.user === ACTIONS_BOT })),
    land: async (body) => {
      // Through the stand-in, so that its id follows every comment created before it.
      const response = await fetch(`${github.url}/repos/acme/docs/issues/7/comments`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body })
      })
      return ((await response.json()) as { id: number }).id
    },
    others: (body) => {
      const id = nextGitHubId++
      github.comments.push({ id, issue: 7, body, user: 'reviewer' })
      return id
    },
    set: (id, body) => {
      const comment = github.comments.find((c) => c.id === id)
      if (comment) comment.body = body
    },
    hold: (...plans) => github.delayWrites(...(plans as never[])),
    sentOpen: () => github.requests.find((r) => r.method === 'POST' && r.path.endsWith('/comments'))?.body?.body ?? '',
    deletes: () => github.requests.filter((r) => r.method === 'DELETE').length,
    earlierMarker: earlierMarkers(['update'], { workflow: 'docs', job: 'wait', step: '__acme_wait-for-docs' })[0] ?? '',
    reset: () => {
      github.comments.length = 0
      github.requests.length = 0
    }
  },
  {
    name: 'the merge request note',
    port: () =>
      mergeRequestNotePort(
        {
          env: { GITLAB_CI: 'true', CI_API_V4_URL: gitlab.apiUrl, CI_PROJECT_ID: '17', CI_MERGE_REQUEST_IID: '3', CI_JOB_NAME: 'docs', CI_COMMIT_SHA: HEAD },
          token: GITLAB_TOKEN,
          log: { info: () => undefined, warning: () => undefined }
        },
        { kinds: ['update'], requestTimeoutMs: 2000 },
        () => ({ targets, search: undefined }),
        () => Date.now() + 5000
      ),
    records: () => gitlab.notes.map((n) => ({ id: n.id, body: n.body, ours: n.author.id === NOTE_AUTHOR.id })),
    land: async (body) => gitlab.addNote('17', 3, body, NOTE_AUTHOR),
    others: (body) => gitlab.addNote('17', 3, body),
    set: (id, body) => {
      const note = gitlab.notes.find((n) => n.id === id)
      if (note) note.body = body
    },
    // A GitLab error status is applied by default: { apply: false } is not in its plans, so a lost write here is one never applied (applied far later).
    hold: (...plans) =>
      gitlab.delayWrites(
        ...(plans.map((plan) => (typeof plan === 'object' && plan !== null && 'status' in plan ? { ...plan, appliedAfterMs: 600_000 } : plan)) as never[])
      ),
    sentOpen: () => gitlab.requests.find((r) => r.method === 'POST' && r.path.endsWith('/notes'))?.body?.body ?? '',
    deletes: () => gitlab.requests.filter((r) => r.method === 'DELETE').length,
    earlierMarker: earlierMarkers(['update'], { ci: 'gitlab', job: 'docs' })[0] ?? '',
    reset: () => {
      gitlab.notes.length = 0
      gitlab.requests.length = 0
    }
  }
]

beforeAll(async () => {
  github = await startGitHubApi()
  gitlab = await startGitLabApi()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-twins-'))
  const event = path.join(dir, 'event.json')
  writeFileSync(event, JSON.stringify({ pull_request: { number: 7, head: { sha: HEAD } } }))
  Object.assign(process.env, {
    GITHUB_API_URL: github.url,
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_SHA: HEAD,
    GITHUB_RUN_ID: '42',
    GITHUB_WORKFLOW: 'docs',
    GITHUB_JOB: 'wait',
    GITHUB_ACTION: '__acme_wait-for-docs'
  })
})
afterAll(async () => {
  await github?.close()
  await gitlab?.close()
})

const signals = (): WriteSignals => ({ write: new AbortController().signal, lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) })
const IN_PROGRESS = '⏳'
const OUTCOME = '✅'

// One port at a time: they share the stand-ins and their queues of writes.
describe.each(FIXTURES)('$name', (fixture) => {
  beforeEach(() => fixture.reset())

  /** An open whose creation got a 502 and was not applied (yet), then the outcome created anew. */
  async function lostCreationThenOutcome() {
    const port = fixture.port()
    fixture.hold({ ms: 0, status: 502 })
    await expect(port.open(signals(), () => undefined)).rejects.toMatchObject({ status: 502 })
    const closed = await port.close(success, undefined, 'lost', signals())
    expect(closed.done).toBe('created')
    return { port, where: closed.where }
  }

  it("a lost creation that lands after the outcome's record is removed at the read back; anyone else's and an earlier version's are left as they are", async () => {
    const { port, where } = await lostCreationThenOutcome()
    const opened = fixture.sentOpen()
    expect(opened).toContain(IN_PROGRESS)
    const marker = opened.split('\n', 1)[0] ?? ''
    const someoneElses = fixture.others(`${marker}\nquoted by someone else`)
    const earlier = await fixture.land(`${fixture.earlierMarker}\nan earlier version's record`)
    const twin = await fixture.land(opened)
    expect(await port.readBack?.(where, signals(), 'open')).toBe('outcome')
    const left = fixture.records()
    expect(left.map((r) => r.id)).not.toContain(twin)
    expect(left.map((r) => r.id).sort()).toEqual([where, someoneElses, earlier].sort())
    expect(left.find((r) => r.id === where)?.body).toContain(OUTCOME)
    expect(left.find((r) => r.id === someoneElses)?.body).toContain('quoted by someone else')
    expect(fixture.deletes()).toBe(1)
  })

  it("a lost creation not seen anywhere may still land: 'unseen', and nothing is removed", async () => {
    const { port, where } = await lostCreationThenOutcome()
    expect(await port.readBack?.(where, signals(), 'open')).toBe('unseen')
    expect(fixture.records().map((r) => r.id)).toEqual([where])
    expect(fixture.deletes()).toBe(0)
  })

  it("a lost update that landed over the outcome is 'stale'; once the outcome is written again, it is accounted for", async () => {
    const port = fixture.port()
    const earlier = await fixture.land(`${(await firstMarker(fixture)) ?? ''}\n### ${OUTCOME} an earlier run`)
    fixture.hold({ ms: 0, status: 503 })
    let at: number | undefined
    await expect(port.open(signals(), (where) => (at = where))).rejects.toMatchObject({ status: 503 })
    expect(at).toBe(earlier)
    expect((await port.close(success, earlier, 'lost', signals())).done).toBe('updated')
    // The "in progress" PUT / PATCH lands now, after the outcome.
    fixture.set(earlier, lastBody(fixture, IN_PROGRESS))
    expect(await port.readBack?.(earlier, signals(), 'open')).toBe('stale')
    await port.close(success, earlier, 'written', signals())
    expect(await port.readBack?.(earlier, signals(), 'open')).toBe('outcome')
  })

  it("a lost update not seen landed is 'unseen'", async () => {
    const port = fixture.port()
    const earlier = await fixture.land(`${(await firstMarker(fixture)) ?? ''}\n### ${OUTCOME} an earlier run`)
    fixture.hold({ ms: 0, status: 503 })
    await expect(port.open(signals(), () => undefined)).rejects.toMatchObject({ status: 503 })
    await port.close(success, earlier, 'lost', signals())
    expect(await port.readBack?.(earlier, signals(), 'open')).toBe('unseen')
  })

  it('a creation the close found rather than made is accounted for: the lost creation landed before it', async () => {
    const port = fixture.port()
    fixture.hold({ ms: 0, status: 502 })
    await expect(port.open(signals(), () => undefined)).rejects.toMatchObject({ status: 502 })
    const landed = await fixture.land(fixture.sentOpen())
    const closed = await port.close(success, undefined, 'lost', signals())
    expect(closed).toEqual({ where: landed, done: 'updated' })
    expect(await port.readBack?.(landed, signals(), 'open')).toBe('outcome')
  })

  it("a close that found another run's \"in progress\" (the same words, landed late) does not take it for its own lost creation: 'unseen', and a second one may appear (found by the long run)", async () => {
    const port = fixture.port()
    fixture.hold({ ms: 0, status: 502 })
    await expect(port.open(signals(), () => undefined)).rejects.toMatchObject({ status: 502 })
    // A re-run's first attempt: its "in progress" creation, held past its end, lands now.
    const earlierRun = fixture.port()
    const landed = await earlierRun.open(signals(), () => undefined)
    expect(fixture.records().find((r) => r.id === landed)?.body).toContain(IN_PROGRESS)
    const closed = await port.close(success, undefined, 'lost', signals())
    expect(closed).toEqual({ where: landed, done: 'updated' })
    expect(await port.readBack?.(landed, signals(), 'open')).toBe('unseen')
    expect(port.words.lateOpen?.()).toMatch(/^a second (comment|note) of this step appears saying "⏳ Waiting", which the next run of this step removes$/)
  })

  it('a close that fails on another run\'s record, its own "in progress" creation lost and unseen, says that creation may land as a second one (found by the explorer)', async () => {
    const what = fixture.name.includes('comment') ? 'comment' : 'note'
    const lateTwin = `a second ${what} of this step appears saying "⏳ Waiting", which the next run of this step removes`
    const port = fixture.port()
    fixture.hold({ ms: 0, status: 502 })
    await expect(port.open(signals(), () => undefined)).rejects.toMatchObject({ status: 502 })
    // Another leg of the matrix (the same marker) made the step's record meanwhile.
    const otherLeg = await fixture.port().open(signals(), () => undefined)
    // The close finds it and writes there, and that write fails: this run's lost creation may still land beside it.
    fixture.hold({ ms: 0, status: 502 })
    let found: number | undefined
    await expect(port.close(success, undefined, 'lost', signals(), (at) => (found = at))).rejects.toMatchObject({ status: 502 })
    expect(found).toBe(otherLeg)
    expect(port.words.closeFailed('the API did not answer', found, 'lost')).toContain(lateTwin)
    // Refused, the open's creation can land nowhere.
    expect(port.words.closeFailed('the API did not answer', found, 'refused')).not.toContain(lateTwin)
    // A close that found this run's own lost creation has seen it land: nothing more of it can come.
    fixture.reset()
    const own = fixture.port()
    fixture.hold({ ms: 0, status: 502 })
    await expect(own.open(signals(), () => undefined)).rejects.toMatchObject({ status: 502 })
    await fixture.land(fixture.sentOpen())
    fixture.hold({ ms: 0, status: 502 })
    await expect(own.close(success, undefined, 'lost', signals())).rejects.toMatchObject({ status: 502 })
    expect(own.words.closeFailed('the API did not answer', undefined, 'lost')).not.toContain(lateTwin)
  })

  it.each([429, 403])(
    "an open whose creation was answered %i can land nowhere: a close that fails on another run's record does not say it may land as a second one",
    async (status) => {
      const what = fixture.name.includes('comment') ? 'comment' : 'note'
      const lateTwin = `a second ${what} of this step appears saying "⏳ Waiting"`
      const port = fixture.port()
      fixture.hold({ ms: 0, status })
      await expect(port.open(signals(), () => undefined)).rejects.toMatchObject({ status })
      const otherLeg = await fixture.port().open(signals(), () => undefined)
      fixture.hold({ ms: 0, status: 502 })
      let found: number | undefined
      await expect(port.close(success, undefined, 'lost', signals(), (at) => (found = at))).rejects.toMatchObject({ status: 502 })
      expect(found).toBe(otherLeg)
      // A 429 is no refusal (the lifecycle tells the close 'lost'), yet nothing of that creation was applied.
      expect(port.words.closeFailed('the API did not answer', found, 'lost')).not.toContain(lateTwin)
      expect(port.words.lateOpenCode?.()).toBeUndefined()
    }
  )

  it('after a creation, an older record of the step is the one kept: this run’s is removed and its body written there', async () => {
    const port = fixture.port()
    const marker = await firstMarker(fixture)
    // Another run's "in progress" lands between this run's lookup and its creation: as the creation arrives.
    fixture.hold({ ms: 0, onArrive: () => fixture.land(`${marker}\n${IN_PROGRESS} another run`) })
    let at: number | undefined
    const where = await port.open(signals(), (known) => (at = known))
    const records = fixture.records()
    expect(records).toHaveLength(1)
    expect(records[0]?.id).toBe(where)
    expect(at).toBe(where)
    expect(records[0]?.body).toBe(fixture.sentOpen())
    expect(fixture.deletes()).toBe(1)
  })

  it('a creation held past the first lookup’s time still finds the older record: the lookup after it has a time of its own (found by the explorer)', async () => {
    const port = fixture.port()
    const marker = await firstMarker(fixture)
    // Another run's record lands as this run's creation arrives, which is then held longer than the
    // open's first lookup may take (a second; that lookup, before the creation, ends long before it).
    const firstLookup = AbortSignal.timeout(1000)
    fixture.hold({
      ms: 0,
      onArrive: async () => {
        await fixture.land(`${marker}\n${IN_PROGRESS} another run`)
        await new Promise((resolve) => firstLookup.addEventListener('abort', resolve, { once: true }))
      }
    })
    const short: WriteSignals = { ...signals(), lookup: firstLookup }
    const where = await port.open(short, () => undefined)
    const records = fixture.records()
    expect(records.map((r) => r.id)).toEqual([where])
    expect(fixture.deletes()).toBe(1)
  })
})

describe.each(FIXTURES)('$name, a twin left by the open', (fixture) => {
  beforeEach(() => fixture.reset())

  it('a creation beside an older record of the step whose lookup failed then (no time left): the close keeps the oldest, one record (found by the long run)', async () => {
    const port = fixture.port()
    const marker = await firstMarker(fixture)
    // Another run's record lands as this run's creation arrives; the lookup after it has no time left.
    fixture.hold({ ms: 0, onArrive: () => fixture.land(`${marker}\n${IN_PROGRESS} another run`) })
    const noTime: WriteSignals = { ...signals(), nextLookup: () => AbortSignal.abort() }
    const created = await port.open(noTime, () => undefined)
    expect(fixture.records()).toHaveLength(2)
    let found: number | undefined
    const closed = await port.close(success, created, 'written', signals(), (at) => (found = at))
    const records = fixture.records()
    expect(records).toHaveLength(1)
    expect(records[0]?.id).not.toBe(created)
    expect(closed.where).toBe(records[0]?.id)
    expect(found).toBe(records[0]?.id)
    expect(records[0]?.body).toContain(OUTCOME)
  })

  it('while this run’s record stands beside an older one, a close that fails says a second one may stand until the next run', async () => {
    const port = fixture.port()
    const marker = await firstMarker(fixture)
    const what = fixture.name.includes('comment') ? 'comment' : 'note'
    const twinSaid = `a second ${what} of this step may stand beside an older one (it could not be looked for, or removed), which the next run of this step removes`
    expect(port.words.closeFailed('the API did not answer', undefined, 'never')).not.toContain(twinSaid)
    fixture.hold({ ms: 0, onArrive: () => fixture.land(`${marker}\n${IN_PROGRESS} another run`) })
    await port.open({ ...signals(), nextLookup: () => AbortSignal.abort() }, () => undefined)
    expect(port.words.closeFailed('the API did not answer', undefined, 'written')).toContain(twinSaid)
  })
})

/** The step's current marker, as the port writes it (read from a record it creates, then removed). */
async function firstMarker(fixture: Fixture): Promise<string | undefined> {
  const port = fixture.port()
  const where = await port.open(signals(), () => undefined)
  const marker = fixture
    .records()
    .find((r) => r.id === where)
    ?.body.split('\n', 1)[0]
  fixture.reset()
  return marker
}

/** The body of the last write sent that holds `text`. */
function lastBody(fixture: Fixture, text: string): string {
  const requests: { method: string; body?: { body?: string } }[] = fixture.name.includes('comment') ? github.requests : gitlab.requests
  return requests.filter((r) => r.method !== 'GET' && r.body?.body?.includes(text)).at(-1)?.body?.body ?? ''
}

describe('what a lost "in progress" write shows if it lands after the step', () => {
  it('a creation the close made anew lands as a second one, which the user deletes; an update says "in progress" until the next run', async () => {
    const { twinStory } = await import('../src/records/twins.js')
    const created = twinStory()
    created.opening('creation', 'in progress')
    created.closing('outcome', 'creation')
    created.created()
    expect(created.lateOpen('note')).toBe('a second note of this step appears saying "⏳ Waiting", which the next run of this step removes')
    // Its warning's kind says the same (src/warnings.ts): machines tell the cases apart by it.
    expect(created.lateOpenKind()).toBe('late-twin')
    const updated = twinStory()
    updated.opening('update', 'in progress')
    updated.closing('outcome', 'update')
    expect(updated.lateOpen('comment')).toBe('the comment says "⏳ Waiting" until the next run')
    expect(updated.lateOpenKind()).toBeUndefined()
    // A creation the close found (it landed in time) can land no more as a second one.
    const found = twinStory()
    found.opening('creation', 'in progress')
    found.closing('outcome', 'update')
    expect(found.lateOpen('comment')).toBe('the comment says "⏳ Waiting" until the next run')
    expect(found.lateOpenKind()).toBeUndefined()
    // A creation the close neither found nor wrote beside (not answered, no record yet): the step's
    // one record if it lands, or a second beside another run's made meanwhile (found by the long run: a matrix leg's).
    const unfound = twinStory()
    unfound.opening('creation', 'in progress')
    expect(unfound.lateOpen('note')).toBe(
      'the note says "⏳ Waiting" until the next run, or, if another run of this step wrote its own meanwhile, a second note of this step appears saying "⏳ Waiting", which the next run of this step removes'
    )
    expect(unfound.lateOpenKind()).toBe('late-waiting-or-twin')
  })

  it("what a failed close adds, and its kinds: the open's lost creation that may land as a second one", async () => {
    const { twinStory } = await import('../src/records/twins.js')
    const made = twinStory()
    made.opening('creation', 'in progress')
    made.closing('outcome', 'creation')
    made.created()
    expect(made.twinStands('comment', 'lost')).toBe(
      '; if its "in progress" creation, whose answer was lost, lands later, a second comment of this step appears saying "⏳ Waiting", which the next run of this step removes'
    )
    expect(made.twinStandsKinds('lost')).toEqual(['late-twin'])
    // An open that was answered adds nothing, in words or kinds.
    expect(made.twinStands('comment', 'written')).toBe('')
    expect(made.twinStandsKinds('written')).toEqual([])
  })

  it("what the close's own creation shows if its answer was lost: the record, late, with the open's when that was unanswered too; nothing after an update", async () => {
    const { twinStory } = await import('../src/records/twins.js')
    const alone = twinStory()
    alone.closing('outcome', 'creation')
    expect(alone.lateCreation('comment')).toBe(
      'the comment may still appear after the step; if a second comment of this step appears, the next run of this step removes it'
    )
    const both = twinStory()
    both.opening('creation', 'in progress')
    both.closing('outcome', 'creation')
    expect(both.lateCreation('note')).toBe(
      'the note may still appear after the step, and so may its "⏳ Waiting" one; if a second note of this step appears, the next run of this step removes it'
    )
    const updated = twinStory()
    updated.closing('outcome', 'update')
    expect(updated.lateCreation('comment')).toBeUndefined()
    // Created, then written to the oldest: a lost write there makes no record.
    const kept = twinStory()
    kept.closing('outcome', 'creation')
    kept.created()
    expect(kept.lateCreation('comment')).toBeUndefined()
  })
})
