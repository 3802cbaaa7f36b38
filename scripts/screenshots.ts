import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/helpers/browser-path';
import {
  type FrameRole,
  frameContext,
  frameLocales,
  framePages,
  frameProblems,
  frameRecords,
  frameRoles,
  frameSession,
  frameWidths,
  measureFrame,
} from '../tests/helpers/page-frame';
import { startPortal } from '../tests/helpers/portal-server';
import { ensureBuild } from '../tests/setup/global-server';
import { argValue } from './cli';

// Issue 18 point 4: every page of spec §2 photographed at 360, 768 and 1440 px in Polish and English for
// the visitor, the user and the company, on a fresh portal with the demo data. The pictures go outside
// the repository (`--out DIR`, default a new folder in the system's temporary directory); each page's
// frame is measured as the browser test measures it, and the problems are listed at the end.
//
//   npm run screenshots [-- --out DIR] [--only REGEX]

const out = path.resolve(argValue('out') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-screenshots-')));
const only = argValue('only') ? new RegExp(argValue('only') as string) : null;
fs.mkdirSync(out, { recursive: true });

ensureBuild();
const portal = await startPortal();
const browser = await chromium.launch({ executablePath: chromiumPath });
const problems: string[] = [];
let taken = 0;
try {
  const records = await frameRecords(portal.baseUrl);
  for (const role of frameRoles) {
    const session = role === 'visitor' ? undefined : await frameSession(browser, portal.baseUrl, role);
    for (const locale of frameLocales) {
      for (const width of frameWidths) {
        const context = await frameContext(browser, { baseUrl: portal.baseUrl, locale, width }, session);
        const page = await context.newPage();
        for (const pagePath of framePages(role as FrameRole, records)) {
          const name = `${role}-${locale}-${width}${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-home'}.png`;
          if (only && !only.test(name)) continue;
          await page.goto(pagePath);
          await page.screenshot({ path: path.join(out, name), fullPage: false });
          taken++;
          for (const problem of frameProblems(await measureFrame(page), width))
            problems.push(`${role}, ${locale}, ${width} px, ${pagePath}: ${problem}`);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await portal.stop();
}
console.log(`${taken} screenshots in ${out}`);
if (problems.length) {
  console.log(`${problems.length} problems:\n${problems.join('\n')}`);
  process.exitCode = 1;
} else console.log('No problems: one-line top bar, no sideways scroll, headings in the first screen.');
