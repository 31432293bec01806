// Debian's Chromium, the only browser the tests and the speed checks use (never a downloaded
// one), and the flags it runs with here: headless, as root, and without the background
// networking this machine's closed network refuses.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
