/**
 * Browser tests and benches drive Debian's Chromium (playwright cannot download its own browser
 * here), with a CJK font so that Chinese pages lay out with real glyphs instead of boxes (Debian's
 * Chromium brings no CJK font), and with Liberation Sans, the font Chromium recommends: amCharts
 * asks for Helvetica/Arial, which fontconfig maps to Liberation Sans. The committed chart pictures
 * were drawn with it; installed with --no-install-recommends it is left out, Arial falls back to
 * the wider DejaVu Sans, the value axis widens and every chart picture shifts. Installs what is
 * missing when we are root; otherwise says exactly what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../testing/browser.ts';

/** A Debian package the browser tests need and how to tell it is there. */
interface Need {
  pkg: string;
  present: () => boolean;
}

const CJK_FONT_DIR = '/usr/share/fonts/opentype/noto';
const LIBERATION_SANS = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';

const NEEDS: Need[] = [
  { pkg: 'chromium', present: () => existsSync(CHROMIUM_PATH) },
  {
    pkg: 'fonts-noto-cjk',
    // An explicit CHROMIUM_PATH means a browser of one's own: its fonts are one's own too.
    present: () => process.env.CHROMIUM_PATH !== undefined || hasCjkFont(),
  },
  {
    pkg: 'fonts-liberation',
    present: () => process.env.CHROMIUM_PATH !== undefined || hasArialMetricFont(),
  },
];

/** Arial resolves to Liberation Sans (same metrics), as on the machine that drew the pictures. */
function hasArialMetricFont(): boolean {
  if (existsSync(LIBERATION_SANS)) return true;
  try {
    return execFileSync('fc-match', ['Arial', 'family'], { encoding: 'utf8' }).includes('Liberation Sans');
  } catch {
    return false;
  }
}

function hasCjkFont(): boolean {
  if (existsSync(`${CJK_FONT_DIR}/NotoSansCJK-Regular.ttc`)) return true;
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

function main(): void {
  const missing = NEEDS.filter((need) => !need.present()).map((need) => need.pkg);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Browser tests need the Debian packages: ${missing.join(' ')}.\n` +
        `Install them with:  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
        `or point CHROMIUM_PATH at a Chromium or Chrome binary with a CJK font and Liberation Sans installed.`,
    );
    process.exit(1);
  }
  console.log(`Installing from Debian packages: apt-get install ${missing.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  const still = NEEDS.filter((need) => !need.present()).map((need) => need.pkg);
  if (still.length > 0) {
    console.error(`apt-get finished but still missing: ${still.join(' ')}.`);
    process.exit(1);
  }
}

main();
