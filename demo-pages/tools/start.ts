/**
 * `npm start`: rebuild the elements when their sources are newer than dist/, then start the
 * reference server (which creates the demo database on first run).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
// The build's last step writes sri.json (tools/precompress.ts): a build that failed before it is made again.
const stamp = join(root, 'dist', 'sri.json');
const sources = [
  'src',
  'elements',
  'vite.config.ts',
  'package-lock.json',
  'demo-pages/tools/manifest.ts',
  'demo-pages/tools/precompress.ts',
];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
if (changedAt > builtAt) {
  console.log(
    builtAt ? 'Sources changed since the last build: building the elements…' : 'Building the elements…',
  );
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

// The local demo: the development routes (the SMS outbox, the test pages) are on.
process.env.FIN_DEV_ROUTES ??= '1';
await import('../server/main.ts');
