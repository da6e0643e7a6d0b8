import { describe, expect, it } from 'vitest'
import { chooseProxy, isLoopback } from '../src/api/proxy.js'

const https = new URL('https://api.example.com')
const PROXY = 'http://proxy.internal:3128'

describe('chooseProxy', () => {
  it('takes HTTPS_PROXY for https, falling back on HTTP_PROXY, and names the variable', () => {
    expect(chooseProxy(https, { HTTPS_PROXY: PROXY })).toEqual({ url: PROXY, variable: 'HTTPS_PROXY' })
    expect(chooseProxy(https, { http_proxy: PROXY })).toEqual({ url: PROXY, variable: 'http_proxy' })
    expect(chooseProxy(https, {})).toBeUndefined()
  })

  it('a proxy without a scheme is taken as http://', () => {
    expect(chooseProxy(https, { HTTPS_PROXY: 'proxy.internal:3128' })?.url).toBe(PROXY)
  })

  it('an empty lower-case variable does not hide the upper-case one', () => {
    expect(chooseProxy(https, { https_proxy: '', HTTPS_PROXY: PROXY })?.variable).toBe('HTTPS_PROXY')
    expect(chooseProxy(https, { HTTPS_PROXY: PROXY, no_proxy: '', NO_PROXY: 'api.example.com' })).toBeUndefined()
    expect(chooseProxy(https, { HTTPS_PROXY: PROXY, no_proxy: ' ', NO_PROXY: '.example.com' })).toBeUndefined()
  })

  it.each([
    ['*', true],
    ['api.example.com', true],
    ['example.com', true],
    ['.example.com', true],
    ['*.example.com', true],
    ['API.EXAMPLE.COM', true],
    ['api.example.com:443', true],
    ['api.example.com:8443', false],
    ['other.com, example.com', true],
    ['ample.com', false],
    ['other.com', false]
  ])('NO_PROXY=%s bypasses api.example.com: %s', (list, bypassed) => {
    expect(chooseProxy(https, { HTTPS_PROXY: PROXY, NO_PROXY: list }) === undefined).toBe(bypassed)
  })

  it.each(['http://localhost:8080', 'http://127.0.0.1:3000', 'http://127.1.2.3', 'http://[::1]:3000', 'http://app.localhost'])(
    'loopback %s never goes through the proxy, even without NO_PROXY',
    (url) => {
      expect(chooseProxy(new URL(url), { HTTP_PROXY: PROXY, HTTPS_PROXY: PROXY })).toBeUndefined()
    }
  )

  it('a proxy that is not a URL is refused by name, never by value', () => {
    expect(() => chooseProxy(https, { HTTPS_PROXY: 'ftp://user:hunter2@x' })).toThrow(/the proxy variable HTTPS_PROXY is not an http:\/\/ or https:\/\/ URL/)
    expect(() => chooseProxy(https, { HTTPS_PROXY: 'ftp://user:hunter2@x' })).not.toThrow(/hunter2/)
  })

  it('isLoopback does not take look-alikes', () => {
    expect(isLoopback('127.example.com')).toBe(false)
    expect(isLoopback('localhost.example.com')).toBe(false)
  })
})
