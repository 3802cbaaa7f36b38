import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { argValue } from '../scripts/cli';
import { startPortal } from '../tests/helpers/portal-server';

// npm run lighthouse -- [--runs 3] [--url http://host:port] [--event ID] [--place ID] [--reports DIR] [--no-write]
// Lighthouse's mobile preset (its default config: a mid-range phone, simulated slow 4G and 4x CPU
// slowdown) on the home page, /list, an event page and a place page of a portal started on the production
// build and a fresh demo database; each page `runs` times, the median of each score, written into
// docs/benchmarks.md between the lighthouse markers. `--url` measures a portal that is already running.

const runs = Number(argValue('runs') ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  'largest-contentful-paint': 'LCP s',
  'total-blocking-time': 'TBT ms',
  'cumulative-layout-shift': 'CLS',
} as const;
const docPath = path.resolve(import.meta.dirname, '../docs/benchmarks.md');
const startMarker = '<!-- lighthouse:start -->';
const endMarker = '<!-- lighthouse:end -->';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Debian's Chromium on a new profile; resolves with its DevTools port once it listens. */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // Chromium writes the port it picked into the profile once DevTools listens.
  const portFile = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(portFile) || !fs.readFileSync(portFile, 'utf8').includes('\n')) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The soonest upcoming event and the place it is held at, from the portal's own API. */
async function detailPages(base: string): Promise<{ event: string; place: string }> {
  const res = await fetch(`${base}/api/event?limit=1`);
  const first = ((await res.json()) as { data: { id: number; place_id: number }[] }).data[0];
  const event = argValue('event') ?? first?.id;
  const place = argValue('place') ?? first?.place_id;
  if (!event || !place) throw new Error('the portal lists no event: is the demo data loaded?');
  return { event: `/event/${event}`, place: `/places/${place}` };
}

interface PageResult {
  page: string;
  scores: Record<(typeof categories)[number], number>;
  metrics: Record<keyof typeof metrics, number>;
}

/** One Lighthouse run; a run whose trace broke (Lighthouse asks to run it again) is run again, twice at most. */
async function runLighthouse(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.error(`[lighthouse] ${url}: ${lhr.runtimeError.code}, running it again`);
  }
}

async function measurePage(
  url: string,
  port: number,
  reportsDir?: string,
): Promise<Omit<PageResult, 'page'>> {
  const scores = new Map<string, number[]>(categories.map((c) => [c, []]));
  const values = new Map<string, number[]>(Object.keys(metrics).map((m) => [m, []]));
  for (let run = 1; run <= runs; run++) {
    const lhr = await runLighthouse(url, port);
    for (const c of categories) scores.get(c)?.push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
    for (const m of Object.keys(metrics)) values.get(m)?.push(lhr.audits[m]?.numericValue ?? 0);
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_').replace(/^_$/, 'home')}-${run}.json`;
      fs.writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
    }
  }
  return {
    scores: Object.fromEntries(
      categories.map((c) => [c, median(scores.get(c) ?? [])]),
    ) as PageResult['scores'],
    metrics: Object.fromEntries(
      Object.keys(metrics).map((m) => [m, median(values.get(m) ?? [])]),
    ) as PageResult['metrics'],
  };
}

function markdownTable(results: PageResult[]): string {
  const rows = results.map((r) => {
    const lcp = (r.metrics['largest-contentful-paint'] / 1000).toFixed(1);
    const tbt = Math.round(r.metrics['total-blocking-time']);
    const cls = r.metrics['cumulative-layout-shift'].toFixed(3);
    const s = r.scores;
    return `| ${r.page} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${lcp} | ${tbt} | ${cls} |`;
  });
  return [
    `| page | performance | accessibility | best practices | SEO | ${Object.values(metrics).join(' | ')} |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `doc` with the text between the markers replaced (the markers and a heading added when missing). */
function replaceBetweenMarkers(doc: string, body: string): string {
  const block = `${startMarker}\n${body}\n${endMarker}`;
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start >= 0 && end > start) return doc.slice(0, start) + block + doc.slice(end + endMarker.length);
  return `${doc.trimEnd()}\n\n## Lighthouse (mobile)\n\n${block}\n`;
}

async function main() {
  const given = argValue('url');
  const portal = given ? null : await startPortal();
  const base = given ?? portal?.baseUrl ?? '';
  const chromium = await launchChromium();
  const results: PageResult[] = [];
  try {
    const { event, place } = await detailPages(base);
    for (const [page, pagePath] of [
      ['home /', '/'],
      ['/list', '/list'],
      [`event ${event}`, event],
      [`place ${place}`, place],
    ] as const) {
      const { scores, metrics: m } = await measurePage(
        `${base}${pagePath}`,
        chromium.port,
        argValue('reports'),
      );
      results.push({ page, scores, metrics: m });
      console.error(`[lighthouse] ${page}: ${JSON.stringify(scores)}`);
    }
  } finally {
    await chromium.close();
    await portal?.stop();
  }
  const date = new Date().toISOString().slice(0, 10);
  const body = [
    `${date}, Lighthouse 12 mobile preset (simulated slow 4G, 4x CPU slowdown), Chromium ${chromiumVersion()},`,
    `median of ${runs} runs per page, \`npm run lighthouse\` (production build, demo data):`,
    '',
    markdownTable(results),
  ].join('\n');
  console.log(body);
  if (!process.argv.includes('--no-write')) {
    fs.writeFileSync(docPath, replaceBetweenMarkers(fs.readFileSync(docPath, 'utf8'), body));
    console.log(`\nWritten into ${path.relative(process.cwd(), docPath)}.`);
  }
}

function chromiumVersion(): string {
  return execFileSync(chromiumPath, ['--version'], { encoding: 'utf8' }).match(/\d+(\.\d+)+/)?.[0] ?? '?';
}

await main();
