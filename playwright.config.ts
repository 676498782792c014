import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './demo-pages/testing/browser.ts';

// Browser tests run against the reference server on its own port and its own database.
const PORT = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: '.',
  testMatch: ['src/**/*.e2e.ts', 'demo-pages/**/*.e2e.ts'],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'en-GB',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1280, height: 900 },
    // CI prints only the log, where a trace cannot be opened, and recording one (a DOM snapshot per
    // action) cost a third of a test's time here (56 -> 39 s for a stock page resized 90 times).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // A returning visitor who closed the bottom ad strip and the registration banner: the timed
    // bars of the shell stay out of the other tests' pictures and clicks. Their own tests
    // (src/features/*banner*, ad-strip) start from a context without these cookies.
    storageState: {
      cookies: ['fin_ad_closed', 'fin_registration_closed'].map((name) => ({
        name,
        value: '1',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [],
    },
  },
  webServer: {
    command: 'tsx demo-pages/server/main.ts',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      // The partner demo's second origin (DESIGN §7): PORT + 1 unless E2E_PARTNER_PORT says.
      ...(process.env.E2E_PARTNER_PORT ? { PARTNER_PORT: process.env.E2E_PARTNER_PORT } : {}),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data/e2e',
      // A build of its own for parallel work in one checkout (vite build --outDir).
      ...(process.env.E2E_DIST_DIR ? { DIST_DIR: process.env.E2E_DIST_DIR } : {}),
      NODE_ENV: 'test',
      // The tests read the SMS outbox and open the /test/ pages.
      FIN_DEV_ROUTES: '1',
    },
  },
});
