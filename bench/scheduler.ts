/**
 * How long the renderers' main threads ran and how long they were ready to run but waited for a
 * core, from Linux's scheduler statistics (/proc/<pid>/task/<pid>/schedstat: time on CPU, time on
 * the run queue, in ns). On a machine whose cores the browser shares with the reference server,
 * a task's wall clock is its CPU time plus such waits; this says how much of a load was waiting.
 * Elsewhere (no /proc) the figures are null.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface MainThreadTimes {
  /** On a core. */
  cpuMs: number;
  /** Ready to run, waiting for a core. */
  waitMs: number;
}

type Snapshot = Map<number, MainThreadTimes>;

/** Every Chromium renderer's main thread now (by process id), or null without /proc. */
export function rendererMainThreads(): Snapshot | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const snapshot: Snapshot = new Map();
  for (const pid of pids) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('--type=renderer')) continue;
      const [cpu, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
      snapshot.set(Number(pid), { cpuMs: (cpu ?? 0) / 1e6, waitMs: (wait ?? 0) / 1e6 });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return snapshot;
}

/** What the renderers' main threads did since `before` (a renderer started since counts from 0). */
export function mainThreadsSince(before: Snapshot | null): MainThreadTimes | null {
  const now = rendererMainThreads();
  if (!before || !now) return null;
  const total: MainThreadTimes = { cpuMs: 0, waitMs: 0 };
  for (const [pid, times] of now) {
    const start = before.get(pid) ?? { cpuMs: 0, waitMs: 0 };
    total.cpuMs += times.cpuMs - start.cpuMs;
    total.waitMs += times.waitMs - start.waitMs;
  }
  return total;
}
