import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { distTagFor } from '../dev/dist-tag.js'

// The release: a tag vX.Y.Z publishes the package with provenance through trusted publishing,
// and every moving tag (git vN, npm dist-tags) only moves forward.
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')

interface Step {
  run?: string
  uses?: string
  env?: Record<string, string>
  with?: Record<string, unknown>
}
interface Job {
  needs?: string | string[]
  permissions?: Record<string, string>
  steps: Step[]
  'runs-on'?: string
  strategy?: { matrix?: { os?: string[] } }
}

describe('the npm dist-tag of a new version', () => {
  it('is latest for the highest version, also the first one', () => {
    expect(distTagFor('1.0.0', [])).toBe('latest')
    expect(distTagFor('1.2.4', ['1.0.0', '1.2.3'])).toBe('latest')
    expect(distTagFor('2.0.0', '1.9.9')).toBe('latest')
  })

  it('is latest-N for the highest of an older major: latest stays on the higher major', () => {
    expect(distTagFor('1.4.1', ['1.4.0', '2.0.0'])).toBe('latest-1')
  })

  it('is backport-N below the highest of its own major, so no moving tag goes back', () => {
    expect(distTagFor('1.2.4', ['1.2.3', '1.3.0'])).toBe('backport-1')
    // A pre-release of someone's test is no release: it neither blocks nor counts.
    expect(distTagFor('1.0.1', ['1.0.0', '1.1.0-rc.1'])).toBe('latest')
  })

  it('refuses a published version and anything but X.Y.Z', () => {
    expect(() => distTagFor('1.2.3', ['1.2.3'])).toThrow(/published already.*1\.2\.4/)
    expect(() => distTagFor('v1.2.3', [])).toThrow(/not a version/)
    expect(() => distTagFor('1.2', [])).toThrow(/not a version/)
    expect(() => distTagFor('1.2.3-rc.1', [])).toThrow(/not a version/)
  })
})

describe('the package', () => {
  const manifest = JSON.parse(read('package.json'))

  it('is publishable: not private, with its repository, issues and home page; the version comes from the tag', () => {
    expect(manifest.private).toBeUndefined()
    expect(manifest.files).toEqual(['dist/cli/'])
    expect(manifest.repository.url).toMatch(/^git\+https:\/\/github\.com\/[^/]+\/wait-for-docs\.git$/)
    expect(manifest.bugs.url).toMatch(/^https:\/\/github\.com\/[^/]+\/wait-for-docs\/issues$/)
    expect(manifest.homepage).toMatch(/^https:\/\/github\.com\/[^/]+\/wait-for-docs/)
    expect(manifest.publishConfig).toEqual({ access: 'public' })
    // No version is released from the tree itself: dev/publish.sh sets the tag's.
    expect(manifest.version).toBe('0.0.0-development')
    expect(read('.gitignore').split('\n')).toContain('*.tgz')
  })
})

describe('the release workflow', () => {
  const workflow = parse(read('.github/workflows/release.yml'))
  const jobs: Record<string, Job> = workflow.jobs
  const publish = jobs.publish as Job
  const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n')

  it('runs on a tag vX.Y.Z only, with no permission but what each job asks for', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } })
    expect(workflow.permissions).toEqual({})
  })

  it('publishes with provenance through trusted publishing: an OIDC token, no stored token', () => {
    expect(publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' })
    expect(runs(publish)).toMatch(/dev\/publish\.sh "\$TAG" --provenance/)
    const text = read('.github/workflows/release.yml')
    expect(text).not.toMatch(/secrets\.|NPM_TOKEN|NODE_AUTH_TOKEN/)
    // Trusted publishing needs npm 11.5.1 or later: Node 24's.
    const setup = publish.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))
    expect(setup?.with?.['node-version']).toBe(24)
  })

  it('checks that the package is published and installs before the major tag moves, and moves it forward only', () => {
    const check = jobs.check as Job
    expect(runs(check)).toContain('node dev/check-published.js "$TAG"')
    expect(check.needs).toBe('publish')
    expect(check.permissions).toEqual({ contents: 'read' })
    const major = jobs['major-tag'] as Job
    expect(major.needs).toBe('check')
    expect(major.permissions).toEqual({ contents: 'write' })
    expect(runs(major)).toContain('sort -V | tail -n 1')
    expect(runs(major)).toContain('git push --force origin "refs/tags/$major"')
  })

  it('a failed release check can be run again alone: it is not in the job that publishes, which refuses a published version', () => {
    // "Re-run failed jobs" runs the failed job and the jobs that need it, never a job that passed.
    expect(runs(publish)).toContain('dev/publish.sh')
    expect(runs(publish)).not.toContain('check-published')
    const check = jobs.check as Job
    expect(runs(check)).not.toContain('dev/publish.sh')
    // What it says to do is what works: the failed jobs again, not the whole run.
    expect(runs(check)).toMatch(/::error::[^\n]*Re-run failed jobs/)
    expect(runs(check)).not.toMatch(/Run this workflow's jobs again/)
    // And the docs say the same.
    expect(read('docs/releasing.md')).toMatch(/Re-run failed jobs/)
  })

  it('is the only path that moves the major tag: dev/release.sh pushes the version tag alone', () => {
    const script = read('dev/release.sh')
    expect(script).not.toMatch(/git tag --force/)
    expect(script).not.toMatch(/git push --force/)
  })
})

describe('dev/publish.sh in a re-run of the release workflow', () => {
  it('refuses the version an earlier attempt published, saying to re-run only the failed jobs', async () => {
    // A registry that has 1.2.3 already (npm view reads the package document).
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ name: 'wait-for-docs', 'dist-tags': { latest: '1.2.3' }, versions: { '1.2.3': { name: 'wait-for-docs', version: '1.2.3' } } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_registry: `http://127.0.0.1:${port}/`, npm_config_update_notifier: 'false' }
      const run = (attempt: string) =>
        new Promise<{ status: number | null; stderr: string }>((resolve) => {
          const child = spawn('bash', ['dev/publish.sh', '1.2.3'], {
            cwd: new URL('..', import.meta.url),
            env: { ...env, GITHUB_RUN_ATTEMPT: attempt }
          })
          let stderr = ''
          child.stderr.on('data', (chunk) => (stderr += chunk))
          child.on('close', (status) => resolve({ status, stderr }))
        })
      const again = await run('2')
      expect(again.status).toBe(1)
      expect(again.stderr).toMatch(/wait-for-docs@1\.2\.3 is published already \(by an earlier attempt of this run\)[^\n]*Re-run failed jobs/)
      // A first attempt is told the rule of versions instead.
      const first = await run('1')
      expect(first.status).toBe(1)
      expect(first.stderr).toMatch(/1\.2\.3 is published already: a published version is never replaced \(release 1\.2\.4 instead\)/)
    } finally {
      server.close()
    }
  }, 60_000)
})
