/**
 * Browser tests and benches drive Debian's Chromium (playwright cannot download its own browser
 * here). Installs it when missing and we are root; otherwise says exactly what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../testing/browser.ts';

function main(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is not installed at ${CHROMIUM_PATH}.\n` +
        `Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
        `or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
}

main();
