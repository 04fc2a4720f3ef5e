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
  /** user + system CPU seconds so far, the processes' reaped children included. */
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

/**
 * CPU of every process named `comm`. A Postgres backend that exits in the window takes its time out
 * of the live processes' sum; its parent, the postmaster (also "postgres"), then counts it among
 * its reaped children's time, which `sampleOf` adds.
 */
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

/**
 * CPU and memory of these processes together. The CPU includes the children each has waited for
 * (cutime, cstime): a process that exits between two samples would otherwise subtract all it ever
 * used from the second one.
 */
export function sampleOf(pids: readonly number[]): Sample {
  let cpu = 0;
  let rss = 0;
  for (const p of pids) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      if (m) rss += Number(m[1]) / 1024;
    } catch {
      // exited
    }
  }
  return { at: Date.now(), cpuS: cpu, rssMb: rss };
}

/** One thread's scheduler accounting (/proc/<pid>/task/<tid>/schedstat), in seconds so far. */
export interface ThreadTimes {
  /** On a CPU. */
  runS: number;
  /** Runnable but waiting for a CPU (another process or thread had it). */
  waitS: number;
}

/** Each thread of these processes (a tree from `treeOf`), by thread id; a process's main thread has tid = pid. */
export function sampleThreads(pids: readonly number[]): Map<number, ThreadTimes> {
  const out = new Map<number, ThreadTimes>();
  for (const p of pids) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${p}/task`);
    } catch {
      continue; // exited
    }
    for (const tid of tids) {
      try {
        const [run, wait] = readFileSync(`/proc/${p}/task/${tid}/schedstat`, "utf8").trim().split(" ").map(Number);
        out.set(Number(tid), { runS: run / 1e9, waitS: wait / 1e9 });
      } catch {
        // the thread exited
      }
    }
  }
  return out;
}

/** Where the server's threads were over a window, in % of the window (one core = 100). */
export interface ThreadReport {
  /** The busiest process's main thread: the event loop every request and stream runs on. */
  mainPct: number;
  /** Time the main thread was ready to run but had no CPU: its queueing on a shared machine. */
  mainWaitingPct: number;
  /** The busiest other thread (the embedded database's own thread, on PGlite). */
  busiestOtherPct: number;
  /** Every other thread together (V8's garbage collection and compiler helpers, libuv's pool). */
  restPct: number;
}

export function threadReport(first: Map<number, ThreadTimes>, last: Map<number, ThreadTimes>, seconds: number, pids: readonly number[]): ThreadReport {
  const delta = (tid: number) => {
    const a = first.get(tid) ?? { runS: 0, waitS: 0 };
    const b = last.get(tid) ?? a;
    return { run: b.runS - a.runS, wait: b.waitS - a.waitS };
  };
  const pct = (s: number) => Math.round((s / seconds) * 100);
  const mains = pids.filter((p) => last.has(p));
  const main = mains.reduce((a, b) => (delta(b).run > delta(a).run ? b : a), mains[0] ?? -1);
  let busiest = 0;
  let rest = 0;
  for (const tid of last.keys()) {
    if (tid === main) continue;
    const run = delta(tid).run;
    rest += run;
    busiest = Math.max(busiest, run);
  }
  return { mainPct: pct(delta(main).run), mainWaitingPct: pct(delta(main).wait), busiestOtherPct: pct(busiest), restPct: pct(rest - busiest) };
}
