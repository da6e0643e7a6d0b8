// GitHub's published OpenAPI description of its REST API (@octokit/openapi, a devDependency),
// and a checker of requests and answers against it: the routes, the parameters a request sends
// (declared for the operation, of the declared type and enum, within the "(max N)" the
// description gives), and an answer's body against the schema of its status code. The schema
// checker covers what the description uses: $ref, type, nullable, enum, properties, required,
// items, additionalProperties, allOf, anyOf, oneOf, maxLength, minimum and maximum.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

type Schema = Record<string, unknown>
interface Operation {
  operationId?: string
  parameters?: Schema[]
  requestBody?: Schema
  responses: Record<string, Schema>
}
interface Description {
  openapi: string
  info: { version: string }
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, Schema>>
}

/** The description's file: api.github.com's, not dereferenced (13 MB, read in a fifth of the time of the 73 MB dereferenced one). */
export const DESCRIPTION_FILE = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json')

let loaded: Description | undefined
/** Read once per test file. */
export function description(): Description {
  loaded ??= JSON.parse(readFileSync(DESCRIPTION_FILE, 'utf8')) as Description
  return loaded
}

function resolve(value: Schema): Schema {
  let schema = value
  for (let hops = 0; typeof schema.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${String(schema.$ref)}`)
    const ref = schema.$ref as string
    if (!ref.startsWith('#/')) throw new Error(`$ref outside the description: ${ref}`)
    schema = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], description()) as Schema
    if (!schema) throw new Error(`$ref to nothing: ${ref}`)
  }
  return schema
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value)

/** Where `value` departs from `schema`: one line each, with the JSON path; empty when it conforms. */
export function schemaErrors(given: Schema, value: unknown, at = '$'): string[] {
  const schema = resolve(given)
  if (value === null)
    return schema.nullable === true || schema.type === 'null' || schema.type === undefined
      ? []
      : [`${at}: null where ${String(schema.type)} is declared, not nullable`]
  const errors: string[] = []
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) errors.push(...schemaErrors(part, value, at))
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword] as Schema[] | undefined
    // oneOf is read as anyOf: GitHub's options overlap (a private user is a public one too).
    if (options && !options.some((option) => schemaErrors(option, value, at).length === 0))
      errors.push(`${at}: matches none of ${keyword} (${options.map((o) => schemaErrors(o, value, at)[0]).join(' | ')})`)
  }
  const type = schema.type as string | undefined
  const actual = typeOf(value)
  if (type && !(actual === type || (type === 'number' && actual === 'integer'))) return [...errors, `${at}: ${actual} where ${type} is declared`]
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`)
  if (typeof value === 'string' && typeof schema.maxLength === 'number' && Array.from(value).length > schema.maxLength)
    errors.push(`${at}: longer than ${schema.maxLength} characters`)
  if (typeof value === 'number') {
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${at}: ${value} is above the maximum ${schema.maximum}`)
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${at}: ${value} is below the minimum ${schema.minimum}`)
  }
  if (actual === 'array' && schema.items)
    for (const [i, item] of (value as unknown[]).entries()) errors.push(...schemaErrors(schema.items as Schema, item, `${at}[${i}]`))
  if (actual === 'object') {
    const object = value as Record<string, unknown>
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {}
    for (const name of (schema.required as string[] | undefined) ?? []) if (!(name in object)) errors.push(`${at}.${name}: required, missing`)
    for (const [name, item] of Object.entries(object)) {
      const declared = properties[name]
      if (declared) errors.push(...schemaErrors(declared, item, `${at}.${name}`))
      else if (schema.additionalProperties === false) errors.push(`${at}.${name}: not declared`)
      else if (typeof schema.additionalProperties === 'object') errors.push(...schemaErrors(schema.additionalProperties as Schema, item, `${at}.${name}`))
    }
  }
  return errors
}

/** The operation of a request, by its method and concrete path (GitHub Enterprise Server's /api/v3 prefix taken off), with its path's values. */
export function operationOf(method: string, path: string): { route: string; operation: Operation; pathValues: Record<string, string> } | undefined {
  const concrete = path.replace(/^\/api\/v3(?=\/)/, '').split('?')[0] ?? ''
  for (const [template, item] of Object.entries(description().paths)) {
    const operation = item[method.toLowerCase()]
    if (!operation) continue
    const names: string[] = []
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name)
        return '([^/]+)'
      })}$`
    )
    const match = pattern.exec(concrete)
    if (match)
      return {
        route: `${method.toUpperCase()} ${template}`,
        operation,
        pathValues: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]))
      }
  }
  return undefined
}

/** A path or query value (always text on the wire) read as the type its schema declares. */
function wireValue(schema: Schema, text: string): unknown {
  const type = resolve(schema).type
  if (type === 'integer' || type === 'number') return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : text
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text
  return text
}

/** A request as the stand-in recorded it. */
export interface SentRequest {
  method: string
  /** The path, with its query. */
  url: string
  body?: unknown
}

/** Where the request departs from the description; empty when it conforms. */
export function requestErrors(request: SentRequest): string[] {
  const url = new URL(request.url, 'http://127.0.0.1')
  const found = operationOf(request.method, url.pathname)
  if (!found) return [`${request.method} ${url.pathname}: no such operation in GitHub's description`]
  const { route, operation, pathValues } = found
  const errors: string[] = []
  const parameters = (operation.parameters ?? []).map(resolve)
  for (const [name, text] of Object.entries(pathValues)) {
    const declared = parameters.find((p) => p.in === 'path' && p.name === name)
    if (declared?.schema) errors.push(...schemaErrors(declared.schema as Schema, wireValue(declared.schema as Schema, text), `${route} path ${name}`))
  }
  for (const [name, text] of url.searchParams) {
    const declared = parameters.find((p) => p.in === 'query' && p.name === name)
    if (!declared) {
      errors.push(`${route}: query parameter ${name} is not declared`)
      continue
    }
    const value = wireValue(declared.schema as Schema, text)
    errors.push(...schemaErrors(declared.schema as Schema, value, `${route} query ${name}`))
    // The limit GitHub states in words only: "The number of results per page (max 100)."
    const max = /\(max (\d+)\)/.exec(String(declared.description ?? ''))?.[1]
    if (max !== undefined && typeof value === 'number' && value > Number(max)) errors.push(`${route} query ${name}: ${value} is above the stated max ${max}`)
  }
  for (const p of parameters)
    if (p.required === true && p.in === 'query' && !url.searchParams.has(String(p.name)))
      errors.push(`${route}: query parameter ${String(p.name)} is required, missing`)
  const bodySchema = operation.requestBody
    ? (resolve(operation.requestBody).content as Record<string, { schema: Schema }> | undefined)?.['application/json']?.schema
    : undefined
  if (request.body !== undefined) {
    if (!bodySchema) errors.push(`${route}: sends a body, and the operation takes none`)
    else {
      const schema = resolve(bodySchema)
      // Every field sent must be one the operation declares: an undeclared one is ignored by GitHub, silently.
      const declared = (schema.properties as Record<string, Schema> | undefined) ?? {}
      if (request.body && typeof request.body === 'object' && !Array.isArray(request.body))
        for (const name of Object.keys(request.body)) if (!(name in declared)) errors.push(`${route} body.${name}: not declared`)
      errors.push(...schemaErrors(schema, request.body, `${route} body`))
    }
  } else if (bodySchema && resolve(operation.requestBody as Schema).required === true) errors.push(`${route}: the body is required, none sent`)
  return errors
}

/** Where the answer departs from the schema of its status code (an error GitHub does not list for the operation: its basic-error); empty when it conforms. */
export function responseErrors(request: SentRequest, response: { status: number; body?: unknown }): string[] {
  const found = operationOf(request.method, new URL(request.url, 'http://127.0.0.1').pathname)
  if (!found) return [`${request.method} ${request.url}: no such operation in GitHub's description`]
  const { route, operation } = found
  const at = `${route} → ${response.status}`
  const declared = operation.responses[String(response.status)] ?? operation.responses[`${String(response.status)[0]}XX`] ?? operation.responses.default
  if (!declared) {
    if (response.status === 304) return response.body === undefined ? [] : [`${at}: a 304 with a body`]
    if (response.status >= 400) return schemaErrors({ $ref: '#/components/schemas/basic-error' }, response.body, `${at} (basic-error)`)
    return [`${at}: a status the operation does not declare (${Object.keys(operation.responses).join(', ')})`]
  }
  const schema = (resolve(declared).content as Record<string, { schema: Schema }> | undefined)?.['application/json']?.schema
  if (!schema) return response.body === undefined ? [] : [`${at}: a body where the description declares none`]
  if (response.body === undefined) return [`${at}: no body where the description declares one`]
  return schemaErrors(schema, response.body, at)
}
