// The floor of the command line: a Node one-shot that sends the command's GET with node:http,
// no library, and prints the status, as a hand-written script in a CI job would. Reads the URL
// of the update and the key from BENCH_URL and BENCH_KEY.
import http from 'node:http'

const headers = { accept: 'application/json', authorization: `Bearer ${process.env.BENCH_KEY}` }
http
  .get(process.env.BENCH_URL, { headers }, (response) => {
    let body = ''
    response.setEncoding('utf8')
    response.on('data', (chunk) => (body += chunk))
    response.on('end', () => {
      const { status } = JSON.parse(body)
      process.stdout.write(`${status}\n`)
      process.exitCode = status === 'success' ? 0 : 1
    })
  })
  .on('error', (error) => {
    process.stderr.write(`${error.message}\n`)
    process.exitCode = 1
  })
