// Ids go into URL paths: only plain identifiers are used, from the inputs and from the platform's answers alike.

export const MAX_ID_LENGTH = 256

/** Why an id is not a plain identifier, or undefined when it is one. */
export function identifierProblem(id: string): string | undefined {
  if (id.length > MAX_ID_LENGTH) return `is ${id.length} characters long; at most ${MAX_ID_LENGTH} are allowed`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ids must not contain control characters
  if (/[/\\?#%\s\u0000-\u001f\u007f-\u009f]/.test(id)) return 'contains a character that is not allowed in an id (/ \\ ? # % whitespace or control characters)'
  // Half of a UTF-16 surrogate pair is no character at all: no URL can be made of it.
  if (/\p{Cs}/u.test(id)) return 'contains half of a surrogate pair, which is no character (the text is broken)'
  if (id === '.') return 'is "." (a path segment, not an id)'
  if (id.includes('..')) return 'contains ".."'
  return undefined
}
