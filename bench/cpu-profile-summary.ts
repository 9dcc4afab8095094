/**
 * Where a V8 CPU profile (node --cpu-prof) spent its time: `npx tsx bench/cpu-profile-summary.ts <file>
 * [from-s] [to-s]` prints the busy share of each second (to find the window under load), then the functions with
 * the most self time and the most inclusive time within the window (whole profile by default).
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const [file, from = "0", to = "Infinity"] = process.argv.slice(2);
if (!file) throw new Error("usage: npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [from-s] [to-s]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

const label = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/^.*node_modules\//, "")}:${callFrame.lineNumber + 1}`;

const busyBySecond = new Map<number, { busy: number; all: number }>();
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let clock = 0;
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  clock += delta;
  const node = nodes.get(id) as ProfileNode;
  const second = busyBySecond.get(Math.floor(clock / 1e6)) ?? { busy: 0, all: 0 };
  second.all += delta;
  if (node.callFrame.functionName !== "(idle)") second.busy += delta;
  busyBySecond.set(Math.floor(clock / 1e6), second);
  if (clock < Number(from) * 1e6 || clock > Number(to) * 1e6) return;
  total += delta;
  self.set(label(node), (self.get(label(node)) ?? 0) + delta);
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
    const name = label(nodes.get(current) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
  }
});

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1).padStart(5)} %`;
console.log("busy share per second:");
for (const [second, { busy, all }] of busyBySecond)
  console.log(`  ${String(second).padStart(4)} s ${percent(busy, all)}`);
for (const [title, times] of [
  ["self time", self],
  ["inclusive time", inclusive],
] as const) {
  console.log(`${title}, ${(total / 1e6).toFixed(2)} s of samples from ${from} s to ${to} s:`);
  for (const [name, time] of [...times].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`  ${percent(time, total)}  ${name}`);
  }
}
