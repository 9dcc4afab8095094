import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetSettings } from "./devnet-settings.ts";
import { startDevnet } from "./start-devnet.ts";

let blocker: Server;
let takenPort: number;

beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  takenPort = (blocker.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
});

const childCommands = () =>
  execFileSync("ps", ["--ppid", String(process.pid), "-o", "comm="], { encoding: "utf8" })
    .split("\n")
    .filter((name) => name.trim() !== "");

describe("devnet start with a port already in use", () => {
  it("fails with anvil's reason and leaves no chain running", async () => {
    const settings = { ...devnetSettings(), ethereumPort: 0, confluxPort: takenPort, beaconPort: 0 };
    await expect(startDevnet(settings)).rejects.toThrow(
      new RegExp(
        `anvil \\(port ${takenPort}\\) exited with code \\d+ before listening:\\s+Error: Address already in use`,
      ),
    );
    expect(childCommands().filter((name) => name.includes("anvil"))).toEqual([]);
  });
});
