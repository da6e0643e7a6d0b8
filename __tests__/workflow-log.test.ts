import { describe, expect, it } from 'vitest'
import { renderWorkflowLog } from '../dev/workflow-log.js'

describe('the demo shows the log as the Actions page does', () => {
  it('groups as headings with their lines indented, annotations as lines with their file, masked values, no raw commands', () => {
    const log = [
      '::add-mask::s3cret',
      '::group::Waiting on update u1',
      'status queued after 1.0s (key s3cret)',
      '::endgroup::',
      '::debug::poll 1',
      '::error::Update u1 failed.%0ANext: fix it.',
      '::error title=Docs update failed,file=docs/a.mdx,line=12::broken link',
      '::warning::careful',
      '::set-output name=x::y'
    ].join('\n')
    expect(renderWorkflowLog(log)).toBe(
      [
        '▼ Waiting on update u1',
        '  status queued after 1.0s (key ***)',
        'Error: Update u1 failed.',
        '  Next: fix it.',
        'Error docs/a.mdx:12: Docs update failed: broken link',
        'Warning: careful'
      ].join('\n')
    )
  })

  it('shows stop-commands blocks as plain text; debug lines only when asked; colours on a terminal', () => {
    const log = ['::stop-commands::tok', '::error::not a command', '::tok::', '::debug::d'].join('\n')
    expect(renderWorkflowLog(log)).toBe('::error::not a command')
    expect(renderWorkflowLog(log, { debug: true })).toBe('::error::not a command\n[debug] d')
    expect(renderWorkflowLog('::error::x', { color: true })).toBe('\u001b[31mError: x\u001b[0m')
  })
})
