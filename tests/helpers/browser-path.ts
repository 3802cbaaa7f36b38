import fs from 'node:fs';

/**
 * CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell: the browser without its
 * window, GPU process and tab strip, a third faster per test on a 2-core machine), else Debian's full
 * Chromium in its headless mode. Nothing is downloaded at install or test time.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';
