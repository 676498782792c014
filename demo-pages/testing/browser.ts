/** How our tests and benches launch Debian's Chromium (TECH-NOTES: flags for this closed network). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 preloads its omnibox popup as a WebUI renderer even headless, and it re-renders
  // on every navigation: measured here, 160–290 ms of CPU per issuer-page load taken from the
  // page's two cores, and load-to-network-idle 1,300 → 1,035 ms (median of 11) without it.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
