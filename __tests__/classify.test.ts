import { describe, expect, it } from 'vitest'
import { classifyResponse, MAX_JSON_DEPTH, nestingExceeds } from '../src/api/classify.js'

const now = Date.parse('2026-01-01T00:00:00Z')
const facts = (status: number, bodyText = '{}', extra: Partial<Parameters<typeof classifyResponse>[0]> = {}) =>
  classifyResponse({ status, bodyText, keyInput: 'admin-key', now, ...extra })

describe('classifyResponse', () => {
  it('parses a 200 JSON body', () => {
    expect(facts(200, '{"status":"queued"}')).toEqual({ kind: 'ok', body: { status: 'queued' } })
  })

  it.each([408, 429, 500, 502, 503, 504])('%d is transient', (status) => {
    expect(facts(status).kind).toBe('transient')
  })

  it('a 200 body that is not JSON is transient and names the content type', () => {
    expect(facts(200, '<html>maintenance</html>', { contentType: 'text/html' })).toEqual({
      kind: 'transient',
      reason: 'HTTP 200 with a body that is not JSON (text/html)'
    })
  })

  it('401 names the key input and its kind, and carries the server message', () => {
    const result = facts(401, '{"error":"Invalid API key"}')
    expect(result.kind).toBe('fatal')
    expect(result.kind !== 'ok' && result.reason).toMatch(/^HTTP 401: the platform rejected admin-key \(admin API key\).*: Invalid API key$/)
  })

  it('401 on search names the assistant key', () => {
    const result = classifyResponse({ status: 401, bodyText: '', keyInput: 'assistant-key', now })
    expect(result.kind !== 'ok' && result.reason).toContain('assistant-key (assistant API key)')
  })

  it('403 says the key is valid but not allowed', () => {
    const result = facts(403, '{"error":"no access"}')
    expect(result).toMatchObject({ kind: 'fatal' })
    expect(result.kind !== 'ok' && result.reason).toContain('was accepted but is not allowed')
  })

  it('404 is not-found with the server message', () => {
    expect(facts(404, '{"error":"Job not found"}')).toEqual({ kind: 'not-found', reason: 'HTTP 404: Job not found' })
    expect(facts(404, 'nope')).toEqual({ kind: 'not-found', reason: 'HTTP 404: not found' })
  })

  it.each([400, 405, 409, 410, 422, 501, 302])('%d is fatal', (status) => {
    expect(facts(status).kind).toBe('fatal')
  })

  it('server messages are made one clean line', () => {
    const result = facts(400, JSON.stringify({ error: 'bad\n::set-output name=x::y\u001b[31m' }))
    expect(result.kind !== 'ok' && result.reason).toBe('unexpected HTTP 400: bad ::set-output name=x::y')
  })

  it('cuts every secret out of the body and the server message, keys of objects included', () => {
    const secrets = ['k_admin', 'k"asst']
    const body = JSON.stringify({ status: 'queued', note: 'k_admin and k"asst', k_admin: ['x k_admin'] })
    expect(facts(200, body, { secrets })).toEqual({ kind: 'ok', body: { status: 'queued', note: '*** and ***', '***': ['x ***'] } })
    const denied = facts(403, JSON.stringify({ error: 'key k\u005fadmin is not yours' }), { secrets })
    expect(denied.kind !== 'ok' && denied.reason).toMatch(/: key \*\*\* is not yours$/)
  })

  it('JSON nested deeper than the limit is transient, like any body that is not the JSON expected', () => {
    const deep = (levels: number) => `{"status":"success","x":${'['.repeat(levels)}${']'.repeat(levels)}}`
    expect(facts(200, deep(MAX_JSON_DEPTH - 1)).kind).toBe('ok')
    expect(facts(200, deep(MAX_JSON_DEPTH))).toEqual({ kind: 'transient', reason: `HTTP 200 with JSON nested deeper than ${MAX_JSON_DEPTH} levels` })
    expect(facts(200, deep(200_000)).kind).toBe('transient')
    expect(facts(500, `{"error":${'['.repeat(200_000)}${']'.repeat(200_000)}}`)).toEqual({ kind: 'transient', reason: 'HTTP 500' })
  })

  it('nestingExceeds counts arrays and objects, not scalars', () => {
    expect(nestingExceeds('text', 0)).toBe(false)
    expect(nestingExceeds({}, 0)).toBe(true)
    expect(nestingExceeds({ a: [1, { b: 2 }] }, 3)).toBe(false)
    expect(nestingExceeds({ a: [1, { b: [] }] }, 3)).toBe(true)
  })

  it('takes Retry-After from a 429 and a 503', () => {
    expect(facts(429, '', { retryAfter: '7' })).toMatchObject({ kind: 'transient', retryAfterMs: 7000 })
    expect(facts(503, '', { retryAfter: new Date(now + 90_000).toUTCString() })).toMatchObject({ retryAfterMs: 90_000 })
  })
})
