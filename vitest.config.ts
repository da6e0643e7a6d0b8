import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // Each index.ts only calls its main; each main is covered by its own test, in process.
      exclude: ['src/github/index.ts', 'src/cli/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 90 }
    }
  }
})
