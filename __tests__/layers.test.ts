import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The layers of docs/architecture.md, held against the imports of the code: the engine serves
// any CI system, so it knows nothing of the GitHub toolkit nor of the adapter above it.
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src')

function files(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []
  )
}

/** Every module a file imports (static, dynamic and type-only), as written. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8')
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2] ?? '')
}

/** The file (relative to src/) a relative import names. */
function resolved(file: string, spec: string): string {
  return path.normalize(path.join(path.dirname(file), spec)).replace(/\.js$/, '.ts')
}

/** The adapters: each reads its inputs and writes its results its own way (or keeps its CI's records), over the shared middle. */
const ADAPTERS = ['github/', 'gitlab/', 'cli/']
const isAdapter = (file: string) => ADAPTERS.some((folder) => file.startsWith(folder))
/** The shared middle: what both adapters call, and nothing of either. */
const SHARED = ['api', 'engine', 'inputs', 'records', 'report', 'step']
const sharedFiles = () => SHARED.flatMap((dir) => (existsSync(path.join(SRC, dir)) ? files(dir) : []))

describe('layers', () => {
  it('the reading of imports finds them (a guard that the checks below can fail)', () => {
    expect(importsOf('github/main.ts')).toContain('@actions/core')
    expect(importsOf('github/pr-comment.ts')).toContain('@actions/github')
    expect(importsOf('engine/wait.ts').length).toBeGreaterThan(3)
  })

  it('model.ts imports nothing', () => {
    expect(importsOf('model.ts')).toEqual([])
  })

  it.each([...files('engine'), ...files('api')])('%s uses neither the reports nor an adapter', (file) => {
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue
      const target = resolved(file, spec)
      expect(target.startsWith('report/') || target.startsWith('inputs/') || target.startsWith('step/') || isAdapter(target), `${file} imports ${target}`).toBe(
        false
      )
    }
  })

  it('api/ does not reach up into the engine', () => {
    for (const file of files('api'))
      for (const spec of importsOf(file).filter((s) => s.startsWith('.')))
        expect(resolved(file, spec).startsWith('engine/'), `${file} imports ${spec}`).toBe(false)
  })

  it.each(sharedFiles())('%s (shared) imports no adapter', (file) => {
    for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) expect(isAdapter(resolved(file, spec)), `${file} imports ${spec}`).toBe(false)
  })

  it('only the GitHub adapter imports @actions/*', () => {
    const users = files('.').filter((file) => importsOf(file).some((spec) => spec.startsWith('@actions/')))
    expect(users.length).toBeGreaterThan(0)
    for (const file of users) expect(file.startsWith('github/'), `${file} imports @actions/*`).toBe(true)
  })

  it('records/ (a record kept true) knows only the time rules of step/limits.ts and the small helpers', () => {
    const files_ = files('records')
    expect(files_.length).toBeGreaterThan(0)
    for (const file of files_)
      for (const spec of importsOf(file)) {
        expect(spec.startsWith('.'), `${file} imports ${spec}`).toBe(true)
        const target = resolved(file, spec)
        expect(
          ['step/limits.ts', 'model.ts', 'durations.ts', 'text.ts', 'timeout-signal.ts', 'warnings.ts'].includes(target) || target.startsWith('records/'),
          `${file} imports ${target}`
        ).toBe(true)
      }
  })

  it("a record's story lives in its state values: records/ and the record ports hold 20 lets at the most, loops included", () => {
    const ports = [
      'github/pr-comment.ts',
      'github/comment-api.ts',
      'github/deployment.ts',
      'github/commit-status.ts',
      'github/commit-status-api.ts',
      'gitlab/mr-note.ts',
      'gitlab/commit-status.ts'
    ]
    const lets = [...files('records'), ...ports].flatMap((file) =>
      readFileSync(path.join(SRC, file), 'utf8')
        .split('\n')
        .filter((line) => /^\s*(?:let\s|for\s*\(\s*let\s)/.test(line))
        .map((line) => `${file}: ${line.trim()}`)
    )
    // The reading finds them (a guard that the check can fail): the lifecycle's story is one let, changed by records/record-story.ts's table.
    expect(lets.filter((line) => line.startsWith('records/lifecycle.ts: let '))).toEqual([
      'records/lifecycle.ts: let state = firstState<Where>()',
      'records/lifecycle.ts: let known = state.where'
    ])
    expect(lets.length, lets.join('\n')).toBeLessThanOrEqual(20)
  })

  // The command keeps GitLab's records (gitlab/); nothing else crosses from one adapter to another.
  const MAY_IMPORT: Record<string, string[]> = { 'cli/': ['gitlab/'], 'github/': [], 'gitlab/': [] }
  it("the adapters do not import each other, but the command imports GitLab's records", () => {
    const crossings: string[] = []
    for (const file of files('.').filter(isAdapter)) {
      const own = ADAPTERS.find((folder) => file.startsWith(folder)) ?? ''
      for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = resolved(file, spec)
        const other = ADAPTERS.find((folder) => target.startsWith(folder) && folder !== own)
        if (!other) continue
        crossings.push(`${file} -> ${target}`)
        expect(MAY_IMPORT[own]?.includes(other), `${file} imports ${target}`).toBe(true)
      }
    }
    // The one crossing allowed is there: a guard that this check reads the imports it means.
    expect(crossings.some((crossing) => crossing.startsWith('cli/') && crossing.includes(' -> gitlab/'))).toBe(true)
  })

  it("gitlab/ holds GitLab's API, its note and its commit status", () => {
    expect(files('gitlab').sort()).toEqual(expect.arrayContaining(['gitlab/api.ts', 'gitlab/commit-status.ts', 'gitlab/mr-note.ts']))
  })

  it('no import circle anywhere in src/', () => {
    const graph = new Map(
      files('.').map((file) => [
        file,
        importsOf(file)
          .filter((spec) => spec.startsWith('.') && !spec.endsWith('.json'))
          .map((spec) => resolved(file, spec))
      ])
    )
    const circles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path_: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        circles.push([...path_.slice(path_.indexOf(file)), file].join(' -> '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...path_, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) visit(file, [])
    expect(circles).toEqual([])
  })

  it('neither runner opens or closes a record itself: the story does (step/story.ts)', () => {
    for (const runner of ['github/main.ts', 'cli/main.ts']) {
      const text = readFileSync(path.join(SRC, runner), 'utf8')
      expect(text.split('\n').length, `${runner} is a thin runner`).toBeLessThanOrEqual(120)
      expect(text, runner).not.toMatch(/\.(open|close|begin|settle|waiting|inProgress|running|outcome)\(/)
      expect(text, runner).toContain('tellRun(')
    }
  })

  // zod's chained API loads about 100 kB more than zod/mini and costs start-up time (bench/results.md).
  it('schemas are written with zod/mini: no file imports zod itself', () => {
    const users = files('.').filter((file) => importsOf(file).some((spec) => spec === 'zod' || spec.startsWith('zod/')))
    expect(users).toContain('inputs/values.ts')
    for (const file of users)
      for (const spec of importsOf(file).filter((s) => s === 'zod' || s.startsWith('zod/')))
        expect(spec, `${file} imports '${spec}': write its schemas with 'zod/mini' (z.pipe, z.transform, z.optional, .check(z.minLength()))`).toBe('zod/mini')
  })

  // undici's index also loads fetch, WebSocket, the cache API and the mocks: the command would
  // load and compile them on every run (bench/results.md, experiment (e)).
  it('undici is loaded by its parts, in api/undici.ts only; elsewhere only its types', () => {
    const valueImports = (file: string) =>
      [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
        (m) => m[1] ?? ''
      )
    expect(valueImports('api/undici.ts')).toContain('undici/lib/dispatcher/agent.js')
    // A declaration file (.d.ts) loads nothing.
    for (const file of files('.').filter((f) => !f.endsWith('.d.ts')))
      for (const spec of valueImports(file).filter((s) => s === 'undici' || s.startsWith('undici/'))) {
        expect(file, `${file} loads ${spec}: import what it needs from api/undici.ts`).toBe('api/undici.ts')
        expect(spec, `${file} loads undici's index`).not.toBe('undici')
      }
  })

  // Both bundles give undici's HTTP/2 client its own fallback for a Node without node:http2
  // (dev/dist-rewrites.js): right only while nothing lets undici speak HTTP/2.
  it('nothing sets allowH2, and neither bundle loads node:http2', () => {
    for (const file of files('.')) expect(readFileSync(path.join(SRC, file), 'utf8'), `${file} sets allowH2`).not.toMatch(/allowH2/)
    const DIST = path.join(SRC, '..', 'dist')
    const bundles = [path.join(DIST, 'index.js'), path.join(DIST, 'cli', 'index.js')]
    for (const dir of [DIST, path.join(DIST, 'cli')]) for (const name of readdirSync(dir).filter((n) => n.endsWith('.js'))) bundles.push(path.join(dir, name))
    for (const bundle of new Set(bundles)) expect(readFileSync(bundle, 'utf8'), bundle).not.toMatch(/\("node:http2"\)|\("http2"\)/)
    // The guard reads what it guards: undici's client-h2 is in the action's bundle, with the fallback in its place.
    expect(readFileSync(bundles[0] as string, 'utf8')).toMatch(/allowH2/)
  })

  // Node reads a script with one character past ASCII as a two-byte string, slower to decode and
  // to scan at every start (dev/ascii-bundle.js; bench/results.md, experiment (g)).
  it('every script of both bundles is spelled in ASCII alone', () => {
    const DIST = path.join(SRC, '..', 'dist')
    const scripts = [DIST, path.join(DIST, 'cli')].flatMap((dir) =>
      readdirSync(dir)
        .filter((n) => n.endsWith('.js'))
        .map((n) => path.join(dir, n))
    )
    // The reading covers the entries and their chunks.
    expect(scripts).toContain(path.join(DIST, 'cli', 'index.js'))
    expect(scripts.length).toBeGreaterThan(4)
    for (const script of scripts) {
      const text = readFileSync(script, 'utf8')
      const past = /[^\0-\x7f]/.exec(text)
      expect(past && `${script}: U+${past[0].codePointAt(0)?.toString(16)} at ${text.slice(Math.max(0, past.index - 40), past.index + 10)}`).toBeNull()
    }
    // What the escapes stand for is still there: a mark of the command's lines, as its escape.
    expect(readFileSync(path.join(DIST, 'cli', 'index.js'), 'utf8')).toContain('\\u2713')
  })

  // What a plain run of the command loads is what it compiles at start-up (bench/results.md, part 1):
  // the code only a flag or a failure needs is reached through import() alone, a chunk of its own.
  it('a plain run of the command loads neither GitLab’s records nor its reader of platform-check, nor the JUnit report or job summary, nor the explanation of a failure', () => {
    /** The files `file` loads with itself: static imports other than `import type`, followed through. */
    const loadedWith = (entry: string): Set<string> => {
      const seen = new Set<string>()
      const visit = (file: string) => {
        if (seen.has(file)) return
        seen.add(file)
        const text = readFileSync(path.join(SRC, file), 'utf8')
        for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)([^'"]*?)from\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g)) {
          const spec = m[2] ?? m[3] ?? ''
          // `import { type A, type B } from …` loads nothing either.
          const names = m[1]?.replace(/[{}\s]/g, '').split(',') ?? []
          if (spec.endsWith('.json') || (m[1] !== undefined && names.every((name) => name.startsWith('type')))) continue
          visit(resolved(file, spec))
        }
      }
      visit(entry)
      return seen
    }
    const loaded = loadedWith('cli/index.ts')
    // The reading follows the imports it means (a guard that the check can fail).
    expect(loaded).toContain('cli/main.ts')
    expect(loaded).toContain('engine/wait.ts')
    for (const lazy of [
      'gitlab/mr-note.ts',
      'gitlab/commit-status.ts',
      'gitlab/api.ts',
      'gitlab/platform-check.ts',
      'records/lifecycle.ts',
      'report/comment.ts',
      'report/explain.ts',
      'report/summary.ts',
      'cli/junit.ts'
    ])
      expect(loaded.has(lazy), `a plain run of the command loads ${lazy}`).toBe(false)
    expect(importsOf('cli/index.ts')).toEqual(expect.arrayContaining(['../gitlab/mr-note.js', '../gitlab/commit-status.js']))
  })
})
