// A minimal forward proxy for tests on loopback: plain requests in absolute form (HTTP_PROXY)
// and CONNECT tunnels (HTTPS_PROXY). It records what went through it.
import { createServer, request as httpRequest } from 'node:http'
import { connect } from 'node:net'

/**
 * Starts the proxy on 127.0.0.1. `hosts` maps names to addresses (e.g. a fake GitHub API host
 * to 127.0.0.1), as a DNS server would; `ports` maps the port a tunnel asks for to the one it
 * reaches (e.g. 443 to a local TLS front).
 * @param {{ hosts?: Record<string, string>, ports?: Record<number, number> }} [options]
 * @returns {Promise<{ url: string, seen: string[], close(): Promise<void> }>} `seen` lists
 *   `GET http://host/path` for proxied requests and `CONNECT host:port` for tunnels.
 */
export async function startProxy({ hosts = {}, ports = {} } = {}) {
  const seen = []
  const sockets = new Set()
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    let target
    try {
      target = new URL(req.url)
    } catch {
      res.writeHead(400).end('absolute-form request expected')
      return
    }
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.writeHead(502).end('upstream error'))
    req.pipe(upstream)
  })
  server.on('connect', (req, client, head) => {
    seen.push(`CONNECT ${req.url}`)
    const [host, port] = String(req.url).split(':')
    const upstream = connect(ports[Number(port)] ?? Number(port), hosts[host] ?? host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
    sockets.add(upstream)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve(undefined))
      })
  }
}
