// Input values of the zod experiments (zod.ts, zod-mini.ts): the action's defaults, in their names.
export const INPUTS: Record<string, string> = {
  'base-url': 'https://api.example.com',
  'admin-key': 'key_0123456789',
  'status-id': 'bench-done',
  timeout: '900',
  'min-interval': '5',
  'fail-on-timeout': 'true',
  summary: 'true',
  'search-page-size': '',
  'agent-prompt': ''
}
