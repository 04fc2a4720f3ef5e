// Server memory and CPU from /proc (Linux): the whole process tree under the started pid, since
// `next start` may run the server in a child process.
import { readdirSync, readFileSync } from "node:fs";

const TICKS = 100; // USER_HZ on Linux

/** Calls `read` with each running process's pid; a process that exits while being read is skipped. */
function eachProcess(read: (pid: number) => void): void {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      read(Number(name));
    } catch {
      // the process went away
    }
  }
}

function children(): Map<number, number[]> {
  const map = new Map<number, number[]>();
  eachProcess((pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const list = map.get(ppid) ?? [];
    list.push(pid);
    map.set(ppid, list);
  });
  return map;
}

export function treeOf(pid: number): number[] {
  const kids = children();
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of kids.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

export interface Sample {
  at: number;
  /** user + system CPU seconds so far. */
  cpuS: number;
  rssMb: number;
}

export function sample(pid: number): Sample {
  return sampleOf(treeOf(pid));
}

/** Every process whose command name is `comm` (the Postgres server's backends: "postgres"). */
function processesNamed(comm: string): number[] {
  const out: number[] = [];
  eachProcess((pid) => {
    if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === comm) out.push(pid);
  });
  return out;
}

/** CPU of every process named `comm` (exited backends' time is lost, so this reads a little low). */
export const sampleNamed = (comm: string): Sample => sampleOf(processesNamed(comm));

/** The whole machine (/proc/stat): CPU seconds busy, and stolen by the hypervisor, over all cores. */
export interface MachineSample {
  at: number;
  busyS: number;
  stealS: number;
}

export function sampleMachine(): MachineSample {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0];
  // cpu  user nice system idle iowait irq softirq steal …
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return { at: Date.now(), busyS: (user + nice + system + irq + softirq) / TICKS, stealS: (steal || 0) / TICKS };
}

function sampleOf(pids: readonly number[]): Sample {
  let cpu = 0;
  let rss = 0;
  for (const p of pids) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu += (Number(f[11]) + Number(f[12])) / TICKS;
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      if (m) rss += Number(m[1]) / 1024;
    } catch {
      // exited
    }
  }
  return { at: Date.now(), cpuS: cpu, rssMb: rss };
}
