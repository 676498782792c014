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
  stop(): Promise<void>;
}

export interface ServerOptions {
  /**
   * The development routes (FIN_DEV_ROUTES=1): /dev/outbox, which a bench reads to sign in like a
   * visitor does. They add the dev tools to pages, so a bench that times pages runs without.
   */
  devRoutes?: boolean;
}

/**
 * The server's own process in the group `npx` leads (npx → tsx → node): the member with the most
 * resident memory. Null where /proc is missing.
 */
function serverMemory(group: number): { rssKb: number; peakKb: number } | null {
  let best: { rssKb: number; peakKb: number } | null = null;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): state, ppid, pgrp, …
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== group) continue;
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
