// Experiment: the floor with its GET sent through undici, as src/api/client.ts sends every request
// (a new Agent, request(), the pool destroyed at the end). Against the floor, it shows what sending
// through node:http when no proxy is set would save; undici itself is loaded in both, by
// @actions/core's http-client.
import { Agent, request } from 'undici'
import { runFloor } from './floor.js'

const dispatcher = new Agent()
await runFloor(async (url, key) => {
  const headers = { accept: 'application/json', authorization: `Bearer ${key}`, 'user-agent': 'wait-for-docs-floor' }
  const response = await request(url, { method: 'GET', headers, dispatcher })
  return response.body.text()
})
await dispatcher.destroy()
