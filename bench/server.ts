/** Starts the reference server for a bench on its own port and database, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { generate } from '../demo-pages/data/generate.ts';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startServer(port: number, dataDir = '.data/bench'): Promise<RunningServer> {
  const root = resolve(import.meta.dirname, '..');
  const child: ChildProcess = spawn('npx', ['tsx', 'demo-pages/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' },
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
