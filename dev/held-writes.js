// The stand-ins' writes (dev/github-api.js, dev/gitlab-api.js) as a real API may apply them:
// held a while, then applied and answered late; answered with an error status, applied or not;
// applied and never answered. One mechanism for both, so that a race of the lifecycle is staged
// the same way against GitHub and GitLab.

/**
 * How one write is served: a number holds it that many ms, then applies and answers it.
 * `status` answers that status instead of the write's own (after applying it when `apply`, or
 * when the stand-in's error statuses apply by default); `answer: 'never'` applies it and never answers.
 * `appliedAfterMs` answers at `ms` (with `status`, or the write's own answer when none) and
 * applies the write that much later, when the client has long had its answer: a gateway's 502
 * or a reset for a write the API still carries out. `reset: true` drops the connection instead
 * of answering. `onArrive` runs as the write arrives, before anything else: another run's write
 * that lands between this one's being sent and its being applied, staged by order, not by time.
 * `landing` is `appliedAfterMs` staged by order: the write is answered at `ms` and applied when
 * the test calls the `land` it is given (at once, within the call), say as a later request arrives.
 * @typedef {number | { ms: number, status?: number, apply?: boolean, answer?: 'never', appliedAfterMs?: number, landing?: (land: () => void) => void, reset?: boolean, onArrive?: () => unknown }} WritePlan
 */

/**
 * @param {{ statusApplies: boolean, message: (status: number, applied: boolean) => string }} options
 */
export function heldWrites({ statusApplies, message }) {
  /** @type {Set<Promise<unknown>>} */
  const held = new Set()
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set()
  return {
    /** Resolves once every held write has been applied. */
    settled: async () => {
      while (held.size > 0) await Promise.all(held)
    },
    /** Drops the writes still held (the stand-in closes). */
    clear: () => {
      for (const timer of timers) clearTimeout(timer)
    },
    /**
     * Serves one write as `plan` says: `apply()` changes the stand-in's state and gives the
     * write's own answer; `send` answers (it does nothing once the client went away).
     * @param {WritePlan | undefined} plan
     * @param {() => [number, unknown]} apply
     * @param {(status: number, body: unknown) => void} send
     * @param {() => void} [onApplied]
     * @param {() => void} [reset] drops the connection
     */
    async write(plan, apply, send, onApplied, reset) {
      const next = typeof plan === 'object' ? plan : { ms: plan ?? 0 }
      if (next.onArrive) await next.onArrive()
      if (next.ms) {
        const applied = new Promise((resolve) => {
          const timer = setTimeout(() => resolve(timers.delete(timer)), next.ms)
          timers.add(timer)
        })
        held.add(applied)
        await applied
        held.delete(applied)
      }
      if (next.appliedAfterMs !== undefined || next.landing) {
        // Answered now, applied later: the client cannot tell it from a write that was not applied.
        const later = new Promise((resolve) => {
          let landed = false
          const land = () => {
            if (landed) return
            landed = true
            onApplied?.()
            apply()
            resolve(undefined)
          }
          if (next.landing) return next.landing(land)
          const timer = setTimeout(() => {
            timers.delete(timer)
            land()
          }, next.appliedAfterMs)
          timers.add(timer)
        })
        held.add(later)
        later.then(() => held.delete(later))
        if (next.reset) return reset?.()
        return send(next.status ?? 502, { message: message(next.status ?? 502, false) })
      }
      if (next.status && !(next.apply ?? statusApplies)) return send(next.status, { message: message(next.status, false) })
      onApplied?.()
      const [status, answer] = apply()
      if (next.answer === 'never') return
      if (next.status) return send(next.status, { message: message(next.status, true) })
      send(status, answer)
    }
  }
}
