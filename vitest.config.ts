import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "codegen/**/*.test.ts",
      "tests/**/*.test.ts",
      "contracts/**/*.test.ts",
      "devnet/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "tests/e2e/**"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
  },
});
