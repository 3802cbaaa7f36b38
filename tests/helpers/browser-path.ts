/** Debian's Chromium, or CHROMIUM_PATH: nothing is downloaded at install or test time. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
