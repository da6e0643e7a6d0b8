// Stand-ins for GitHub or GitLab on loopback that answer every request alike (a refusal, or
// nothing at all): for what the clients make of a server's words and of its silence.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

const servers: Server[] = []

/** The address of a server that handles every request with `handle`. */
export async function stubServer(handle: RequestListener): Promise<string> {
  const server = createServer(handle)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The address of a server that answers every request `status` with `{ message }` as JSON. */
export function refusingServer(status: number, message: string): Promise<string> {
  return stubServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message }))
  })
}

/** Closes every server the file's tests made, cutting the connections a silent one holds (in `afterAll`). */
export async function closeStubServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}
