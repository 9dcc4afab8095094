import { defineConfig } from "vitest/config";

/**
 * Unit test files whose assertions measure time (deadlines, medians, event-loop delay, hand-overs) or that drive
 * a browser: they run one at a time, after the other unit files, so that no other test file shares the two cores
 * with them.
 */
const alone = [
  "devnet/wallet/devnet-wallet-browser.test.ts",
  "server/deposits/deposit-data-event-loop.test.ts",
  "server/embedded-wallet/device-long-poll.test.ts",
  "server/embedded-wallet/login-start-answers.test.ts",
  "server/faults/**/*.test.ts",
  "server/http/http-server-limits.test.ts",
  "server/indexer/indexer-leader.test.ts",
  "server/indexer/indexer-stop.test.ts",
  "server/rpc/rpc-proxy.test.ts",
  "src/modal-kit/embedded-wallet/frame-messenger.test.ts",
  "tests/modal-kit/**/*.test.ts",
];

const unitFiles = [
  "src/**/*.test.{ts,tsx}",
  "codegen/**/*.test.ts",
  "server/**/*.test.ts",
  "contracts/**/*.test.ts",
  "devnet/**/*.test.ts",
  "tests/**/*.test.ts",
];

const unit = {
  environment: "node",
  testTimeout: 30_000,
  // Starting anvil, PGlite or PostgreSQL can take several seconds on a busy 2-core machine.
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    pool: "forks",
    projects: [
      {
        // Most unit files wait on a child process (anvil, PostgreSQL, a server) most of the time: two at once, each
        // worker running file after file in one process (no fresh process and module graph per file, which cost more
        // than most files' tests). A unit file therefore leaves no global state behind: it stops what it starts in
        // its after-hooks and restores what it changes.
        test: {
          ...unit,
          name: "unit",
          include: unitFiles,
          exclude: ["**/node_modules/**", "tests/e2e/**", ...alone],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...unit,
          name: "unit-alone",
          include: alone,
          exclude: ["**/node_modules/**"],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Real Debian Chromium against a production build served on loopback (tests/e2e/support), one file at a time.
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          // Generous limits: a shared 2-core machine can be slow; passing tests do not wait for them.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
