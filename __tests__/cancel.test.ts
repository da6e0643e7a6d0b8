import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CANCEL_GRACE_MS, listenForCancel } from '../src/step/cancel.js'
import { PARENT_CHECK_MS, type ProcessInfo, procInfo, processAlive, watchParent } from '../src/step/parent.js'

// A cancel lands however it comes: SIGINT / SIGTERM, Windows' Ctrl-Break (SIGBREAK), or the
// process that started the command going away (a package runner killed, its child orphaned).
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('watching the parent', () => {
  it('calls back once, within a second, when the parent id changes (the orphan handed to init)', () => {
    let ppid = 4321
    const gone = vi.fn()
    watchParent(gone, { ppid: () => ppid, alive: () => true, info: () => undefined })
    vi.advanceTimersByTime(5 * PARENT_CHECK_MS)
    expect(gone).not.toHaveBeenCalled()
    ppid = 1
    vi.advanceTimersByTime(1000)
    expect(gone).toHaveBeenCalledTimes(1)
    expect(gone).toHaveBeenCalledWith(4321)
    ppid = 77
    vi.advanceTimersByTime(5000)
    expect(gone).toHaveBeenCalledTimes(1)
  })

  it('calls back when the parent is gone but its id stays (as on Windows)', () => {
    let alive = true
    const gone = vi.fn()
    watchParent(gone, { ppid: () => 4321, alive: () => alive, info: () => undefined })
    vi.advanceTimersByTime(2000)
    alive = false
    vi.advanceTimersByTime(1000)
    expect(gone).toHaveBeenCalledWith(4321)
  })

  /** A process table: pid → name and parent, changed by the test. */
  const table = (entries: Record<number, ProcessInfo>) => (pid: number) => entries[pid]

  it('through `sh -c` (npx): the shell outlives the killed npx, and its orphaning is the cancel, with npx’s id', () => {
    const processes: Record<number, ProcessInfo> = {
      300: { name: 'sh', ppid: 200 },
      200: { name: 'npm exec wait-', ppid: 100 },
      100: { name: 'bash', ppid: 50 }
    }
    const gone = vi.fn()
    watchParent(gone, { ppid: () => 300, alive: () => true, info: table(processes) })
    vi.advanceTimersByTime(5 * PARENT_CHECK_MS)
    expect(gone).not.toHaveBeenCalled()
    // npx killed: the kernel hands its child, the shell, to init at once.
    processes[300] = { name: 'sh', ppid: 1 }
    delete processes[200]
    vi.advanceTimersByTime(1000)
    expect(gone).toHaveBeenCalledTimes(1)
    expect(gone).toHaveBeenCalledWith(200)
  })

  it('up through shells within shells, and no further than the first process that is not a shell', () => {
    const processes: Record<number, ProcessInfo> = {
      400: { name: 'dash', ppid: 300 },
      300: { name: 'bash', ppid: 200 },
      200: { name: 'node', ppid: 100 },
      100: { name: 'bash', ppid: 50 }
    }
    const gone = vi.fn()
    watchParent(gone, { ppid: () => 400, alive: () => true, info: table(processes) })
    // What is above the first process that is not a shell is not this command's business.
    processes[100] = { name: 'bash', ppid: 1 }
    vi.advanceTimersByTime(2000)
    expect(gone).not.toHaveBeenCalled()
    processes[300] = { name: 'bash', ppid: 1 }
    vi.advanceTimersByTime(1000)
    expect(gone).toHaveBeenCalledWith(200)
  })

  it('a parent that is no shell is watched alone; a shell under init is no chain to watch', () => {
    const gone = vi.fn()
    const processes: Record<number, ProcessInfo> = { 300: { name: 'node', ppid: 200 }, 500: { name: 'sh', ppid: 1 } }
    watchParent(gone, { ppid: () => 300, alive: () => true, info: table(processes) })
    watchParent(gone, { ppid: () => 500, alive: () => true, info: table(processes) })
    processes[300] = { name: 'node', ppid: 1 }
    vi.advanceTimersByTime(2000)
    expect(gone).not.toHaveBeenCalled()
  })

  it('reads a process’s name and parent from /proc, where there is one', () => {
    const own = procInfo(process.pid)
    if (process.platform !== 'linux') expect(own).toBeUndefined()
    else expect(own).toEqual({ name: expect.any(String), ppid: process.ppid })
    expect(procInfo(-1)).toBeUndefined()
  })

  it('watches nothing under init, and nothing once stopped', () => {
    const gone = vi.fn()
    watchParent(gone, { ppid: () => 1, alive: () => false, info: () => undefined })
    const stop = watchParent(gone, { ppid: () => 4321, alive: () => false, info: () => undefined })
    stop()
    vi.advanceTimersByTime(5000)
    expect(gone).not.toHaveBeenCalled()
  })

  it('keeps no process alive: its timer is unref’d', () => {
    const unref = vi.fn()
    vi.spyOn(globalThis, 'setInterval').mockReturnValueOnce({ unref } as unknown as NodeJS.Timeout)
    watchParent(() => {}, { ppid: () => 4321, alive: () => true, info: () => undefined })
    expect(unref).toHaveBeenCalledTimes(1)
  })

  it('tells a live process from a gone one; another user’s process (EPERM) is alive', () => {
    expect(processAlive(process.pid)).toBe(true)
    vi.spyOn(process, 'kill').mockImplementationOnce(() => {
      throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' })
    })
    expect(processAlive(999_999)).toBe(false)
    vi.spyOn(process, 'kill').mockImplementationOnce(() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' })
    })
    expect(processAlive(1)).toBe(true)
  })
})

describe('the cancel', () => {
  function listen(watchParentToo = false) {
    const said: string[] = []
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const cancel = listenForCancel({ say: (line) => said.push(line), exitCode: (signal) => (signal === 'SIGTERM' ? 143 : 130), watchParent: watchParentToo })
    return { said, exit, cancel }
  }

  it('SIGBREAK (Ctrl-Break, a runner’s cancel on Windows) ends the run as SIGTERM does: exit 143 after the grace period', () => {
    const { said, exit, cancel } = listen()
    process.emit('SIGBREAK' as NodeJS.Signals)
    expect(cancel.signal.aborted).toBe(true)
    expect(cancel.received()).toBe('SIGTERM')
    expect(said).toEqual(['Received SIGBREAK: stopping the wait and writing the outputs.'])
    vi.advanceTimersByTime(2000)
    expect(exit).toHaveBeenCalledWith(143)
    cancel.stop()
  })

  it("a signal after stop(), once the outcome is decided, exits with the outcome's code within the grace (the output's readers may still be reading), never a kill by the signal", () => {
    const names = ['SIGINT', 'SIGTERM', 'SIGBREAK'] as const
    const before = names.map((name) => process.listeners(name))
    const { exit, cancel } = listen()
    exit.mockClear()
    cancel.decided(0)
    cancel.stop()
    process.emit('SIGTERM')
    // Not at once: a JSON object of megabytes may still be on its way to stdout's reader.
    expect(exit).not.toHaveBeenCalled()
    vi.advanceTimersByTime(CANCEL_GRACE_MS - 1)
    expect(exit).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(exit.mock.calls).toEqual([[0]])
    // The others are heard, and end nothing sooner nor twice: the signal's own kill never comes.
    process.emit('SIGINT')
    process.emit('SIGBREAK' as NodeJS.Signals)
    vi.advanceTimersByTime(5000)
    expect(exit.mock.calls).toEqual([[0]])
    for (const [i, name] of names.entries()) {
      expect(process.listenerCount(name)).toBeGreaterThan(0)
      for (const listener of process.listeners(name)) if (!before[i]?.includes(listener)) process.off(name, listener)
    }
  })

  it('a grace that runs out while a report is still being written says so, as a warning; one decided in time says nothing', () => {
    const warned: string[] = []
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const late = listenForCancel({ say: () => {}, warn: (line) => warned.push(line), exitCode: () => 1 })
    late.reporting('the job summary')
    process.emit('SIGINT')
    vi.advanceTimersByTime(CANCEL_GRACE_MS)
    expect(exit.mock.calls).toEqual([[1]])
    expect(warned).toEqual([
      "The cancel's grace period (1.5s) ran out before the job summary was written: it may be missing or cut (the outputs are written). The machine was too busy to write it in time; re-run the job to get it."
    ])
    late.stop()
    exit.mockClear()
    warned.length = 0
    const inTime = listenForCancel({ say: () => {}, warn: (line) => warned.push(line), exitCode: () => 1 })
    inTime.reporting('the job summary')
    process.emit('SIGINT')
    inTime.decided(0)
    vi.advanceTimersByTime(CANCEL_GRACE_MS)
    expect(exit.mock.calls).toEqual([[0]])
    expect(warned).toEqual([])
    inTime.stop()
  })

  it('stop() stops listening for SIGBREAK too', () => {
    const before = process.listenerCount('SIGBREAK')
    const { cancel } = listen()
    expect(process.listenerCount('SIGBREAK')).toBe(before + 1)
    cancel.stop()
    expect(process.listenerCount('SIGBREAK')).toBe(before)
  })

  it('when asked to, a parent that goes away cancels as SIGTERM, saying why', () => {
    const realPpid = process.ppid
    const { said, exit, cancel } = listen(true)
    vi.spyOn(process, 'ppid', 'get').mockReturnValue(1)
    vi.advanceTimersByTime(1000)
    expect(cancel.signal.aborted).toBe(true)
    expect(cancel.received()).toBe('SIGTERM')
    expect(said[0]).toBe(
      `The process that started this one (pid ${realPpid}) is gone, as when a CI system cancels a job: stopping the wait and writing the outputs.`
    )
    vi.advanceTimersByTime(2000)
    expect(exit).toHaveBeenCalledWith(143)
    cancel.stop()
  })

  it('not asked to (the action), a changed parent id cancels nothing', () => {
    const { cancel } = listen(false)
    vi.spyOn(process, 'ppid', 'get').mockReturnValue(1)
    vi.advanceTimersByTime(5000)
    expect(cancel.signal.aborted).toBe(false)
    cancel.stop()
  })
})
