import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    pool: "forks",
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/**/*.test.{ts,tsx}",
            "codegen/**/*.test.ts",
            "server/**/*.test.ts",
            "contracts/**/*.test.ts",
            "devnet/**/*.test.ts",
            "tests/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**", "tests/e2e/**"],
          environment: "node",
          testTimeout: 30_000,
          // Starting anvil, PGlite or PostgreSQL can take several seconds on a busy 2-core machine.
          hookTimeout: 60_000,
        },
      },
      {
        // Real Debian Chromium against a production build served on loopback (tests/e2e/support).
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          // Generous limits: a shared 2-core machine can be slow; passing tests do not wait for them.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
