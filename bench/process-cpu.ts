import { readFileSync } from "node:fs";

/**
 * CPU time a process has used (user + system, all its threads), in microseconds, from /proc/<pid>/stat (Linux;
 * the kernel counts in ticks of 1/100 s there). Benches on a machine shared with other work use it to report
 * cost per request, which the other work does not change, beside throughput, which it does.
 */
export function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its end.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10_000;
}

/** This process's CPU time (user + system, all threads), in microseconds. */
export function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}
