/**
 * Where an instance's main thread spent its time, from the V8 CPU profile a load run wrote
 * (tools/load/run.ts --cpu-prof-dir): self time by package or project folder, and the costliest functions.
 * Work on libuv's thread pool (password hashing, for one) is not in it: it is not the main thread's.
 *   npx tsx tools/load/profileSummary.ts DIR/CPU.*.cpuprofile [--top=25]
 */
import { readFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const files = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const top = Number(process.argv.find((a) => a.startsWith("--top="))?.split("=")[1] ?? 25);

/** "pg", "@node-rs/argon2", "server/db", "(garbage collector)"… */
function area(url: string, functionName: string): string {
  if (!url) return `(${functionName.replace(/[()]/g, "") || "native"})`;
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const parts = url.slice(modules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith("node:")) return url;
  const relative = url.replace(/^file:\/\//, "");
  const root = relative.search(/\/(server|renderer|schema|tools)\//);
  return root >= 0 ? path.dirname(relative.slice(root + 1)) : relative;
}

const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = profile.endTime - profile.startTime;
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id)!;
    const where = area(callFrame.url, callFrame.functionName);
    byArea.set(where, (byArea.get(where) ?? 0) + us);
    const name = `${callFrame.functionName || "(anonymous)"} ${callFrame.url ? `${where}/${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const table = (rows: Map<string, number>) =>
    [...rows]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${ms(us)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join("\n");
  console.log(`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s profiled\n\nself time by area\n${table(byArea)}\n`);
  console.log(`self time by function\n${table(byFunction)}\n`);
}
