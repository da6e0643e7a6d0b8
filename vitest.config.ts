import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // index.ts only calls run(); main.ts is covered by its own test, in process.
      exclude: ['src/github/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 90 }
    }
  }
})
