// A TLS front for tests on loopback: terminates https for a name (e.g. docs.example.test) with a
// throwaway self-signed certificate and passes each connection on, unchanged, to a plain TCP
// address (the simulator). The child trusts the certificate through NODE_EXTRA_CA_CERTS.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createServer } from 'node:tls'

/**
 * @param {{ hostname: string, target: { host: string, port: number } }} options
 * @returns {Promise<{ port: number, caFile: string, close(): Promise<void> }>}
 */
export async function startTlsFront({ hostname, target }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-tls-'))
  const keyFile = path.join(dir, 'key.pem')
  const caFile = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${hostname}`,
      '-addext',
      `subjectAltName=DNS:${hostname}`,
      '-keyout',
      keyFile,
      '-out',
      caFile
    ],
    { stdio: 'ignore' }
  )
  const sockets = new Set()
  const server = createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (secure) => {
    const plain = connect(target.port, target.host)
    for (const socket of [secure, plain]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    }
    secure.on('error', () => plain.destroy())
    plain.on('error', () => secure.destroy())
    secure.pipe(plain).pipe(secure)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    port,
    caFile,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => {
          rmSync(dir, { recursive: true, force: true })
          resolve(undefined)
        })
      })
  }
}
