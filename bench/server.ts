/** Starts the reference server for a bench on its own port and database, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { generate } from '../demo-pages/data/generate.ts';

export interface RunningServer {
  baseUrl: string;
  /** The server process's resident memory now (kB, VmRSS) and its peak so far (VmHWM), from /proc. */
  memory(): { rssKb: number; peakKb: number } | null;
  /** CPU time (ms) the server has used so far, from /proc; null where it is missing. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /**
   * The development routes (FIN_DEV_ROUTES=1): /dev/outbox, which a bench reads to sign in like a
   * visitor does. They add the dev tools to pages, so a bench that times pages runs without.
   */
  devRoutes?: boolean;
}

/** The processes of the group `npx` leads (npx → tsx → node), with their /proc/<pid>/stat fields after the name. */
function groupProcesses(group: number): Array<{ pid: string; fields: string[] }> {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    try {
      // Fields after the command name (which may hold spaces): state, ppid, pgrp, …
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[2]) === group ? [{ pid, fields }] : [];
    } catch {
      return []; // the process ended meanwhile
    }
  });
}

/** The server's own process: the member of the group with the most resident memory. Null without /proc. */
function serverMemory(group: number): { rssKb: number; peakKb: number } | null {
  let best: { rssKb: number; peakKb: number } | null = null;
  for (const { pid } of groupProcesses(group)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      const memory = { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
      if (!best || memory.rssKb > best.rssKb) best = memory;
    } catch {
      // the process ended meanwhile
    }
  }
  return best;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time (ms) the server's processes have used so far (user + system): the difference over a
 * run, divided by its calls, is a cost per call a busy machine does not stretch. Null without /proc.
 */
function serverCpuMs(group: number): number | null {
  const processes = groupProcesses(group);
  if (!processes.length) return null;
  // utime and stime are the 14th and 15th fields of stat, the 12th and 13th after the name.
  const ticks = processes.reduce((sum, { fields }) => sum + Number(fields[11]) + Number(fields[12]), 0);
  return (ticks * 1000) / USER_HZ;
}

export async function startServer(
  port: number,
  dataDir = '.data/bench',
  opts: ServerOptions = {},
): Promise<RunningServer> {
  const root = resolve(import.meta.dirname, '..');
  const child: ChildProcess = spawn('npx', ['tsx', 'demo-pages/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      FIN_DEV_ROUTES: opts.devRoutes ? '1' : '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('the reference server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    memory: () => serverMemory(child.pid!),
    cpuMs: () => serverCpuMs(child.pid!),
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Generates the default demo database into a temporary folder three times: the median time. */
export function benchGenerate(): number {
  const dir = mkdtempSync(join(tmpdir(), 'fin-generate-bench-'));
  try {
    const runs = [0, 1, 2].map((run) => {
      const started = performance.now();
      generate(join(dir, `${run}.sqlite`));
      return performance.now() - started;
    });
    return median(runs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
