// The action's reader of platform-check, as the engine's port: its code (and the GitHub toolkit)
// loaded on its first read, so a run without platform-check loads neither.
import { NEVER_APPEARED } from '../engine/platform-check.js'
import type { PlatformCheckPort, PlatformCheckSettings } from '../model.js'

/** What GitHub's reader reads, for the words: every kind of report. */
export const GITHUB_REPORTS = NEVER_APPEARED

/** The reader of platform-check, its code (and the GitHub toolkit) loaded on its first read: a run without it loads neither. */
export function lazyPlatformCheck(settings: PlatformCheckSettings, clean: (text: string) => string): PlatformCheckPort {
  let reader: Promise<PlatformCheckPort> | undefined
  return {
    reads: GITHUB_REPORTS,
    async read(signal, timeoutMs) {
      reader ??= import('./platform-check-api.js').then((m) => m.platformCheckReader(settings, clean))
      try {
        return await (await reader).read(signal, timeoutMs)
      } catch (error) {
        reader = undefined
        const why = error instanceof Error ? error.message : String(error)
        return {
          kind: 'fatal',
          reason: `the code that reads platform-check could not be loaded (${why.split('\n')[0]?.slice(0, 200)}); check that the action's dist/ folder is complete`
        }
      }
    }
  }
}
