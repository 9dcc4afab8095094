import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** One JSON log line of the server (pino). */
export type LogLine = Record<string, unknown> & { msg?: string };

/** `npm run server`'s program in a child process, with its JSON log lines collected as they come. */
export interface ServerInstance {
  readonly pid: number;
  readonly logs: LogLine[];
  /** Resolves with the first log line (already written or to come) that matches, or rejects after withinMs. */
  waitForLog(matches: (line: LogLine) => boolean, withinMs: number): Promise<LogLine>;
  /** Sends the signal (by pid) and resolves once the process has exited; at once if it already has. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Starts server/main.ts under tsx with only PATH, HOME and the given variables. */
export function startServerInstance(env: Record<string, string>): ServerInstance {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  const waiters = new Set<() => void>();
  let pending = "";
  const take = (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    pid: child.pid as number,
    logs,
    waitForLog: (matches, withinMs) =>
      new Promise<LogLine>((resolve, reject) => {
        const check = () => {
          const found = logs.find(matches);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no such log line within ${withinMs} ms; its last lines:\n${JSON.stringify(logs.slice(-20))}`),
          );
        }, withinMs);
        waiters.add(check);
        check();
      }),
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid as number, signal);
      await exited;
    },
  };
}
