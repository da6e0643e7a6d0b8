// The floor of this stack, shared by the entries in bench/floor/: the least a JavaScript action
// on @actions/core does for the run bench part 1 times — read the inputs the request needs, one
// GET of the update with node:http, one output and the job summary. Bundled by the bench with ncc
// as dist/ is, into a temp dir; never committed as a build.

import http from 'node:http'
import * as core from '@actions/core'

export type Get = (url: URL, key: string) => Promise<string>

/** One GET with node:http, the body as text; no timeout, retry or size limit (it is the floor). */
export const httpGet: Get = (url, key) =>
  new Promise((resolve, reject) => {
    const headers = { accept: 'application/json', authorization: `Bearer ${key}`, 'user-agent': 'wait-for-docs-floor' }
    http
      .get(url, { headers }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve(body))
        response.on('error', reject)
      })
      .on('error', reject)
  })

const statusOf = (body: string): string => {
  const record: unknown = JSON.parse(body)
  const status = record && typeof record === 'object' && 'status' in record ? record.status : undefined
  return typeof status === 'string' ? status : 'unknown'
}

export async function runFloor(get: Get = httpGet, status: (body: string) => string = statusOf): Promise<void> {
  const key = core.getInput('admin-key')
  core.setSecret(key)
  const base = core.getInput('base-url').replace(/\/+$/, '')
  const id = core.getInput('status-id')
  const result = status(await get(new URL(`${base}/v1/project/update-status/${encodeURIComponent(id)}`), key))
  core.setOutput('result', result)
  await core.summary.addRaw(`Update ${id}: ${result}\n`).write()
  if (result !== 'success') core.setFailed(`Update ${id}: ${result}`)
}
