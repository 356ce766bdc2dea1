import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { wholeNumberSetting } from '../gateway/src/config';
import { benchPages, CHROMIUM_ARGS, CHROMIUM_PATH, startShopServer, type BenchPage } from './shopServer';
import { writeResultsSection } from './support';

// `npm run bench` (last part): Lighthouse (mobile profile, its default config: an emulated mid-range phone,
// simulated slow 4G and 4× CPU slowdown) on the home page, a category listing and a product page of the real
// production server, in Debian's Chromium. Each page is run LIGHTHOUSE_RUNS times (default 5), each in a fresh
// browser; the run with the median performance score is reported, as Lighthouse's docs advise.
// Writes bench/LIGHTHOUSE.md and replaces its own section of bench/RESULTS.md. Scores are measured here, never
// asserted in a test (the axe-core check in tests/e2e/accessibility.spec.ts is the test).
// LIGHTHOUSE_JSON_DIR=<folder> also keeps each reported run's full Lighthouse JSON there (open it in the Lighthouse viewer).

const RUNS = wholeNumberSetting(process.env, 'LIGHTHOUSE_RUNS', 5);
if (RUNS === 0) throw new Error('LIGHTHOUSE_RUNS must be at least 1 (runs per page).');
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;
const DATA_DIR = join(process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'shop-bench'), 'lighthouse');
const SECTION_MARK = '<!-- lighthouse bench (bench/lighthouse.ts) -->';
const LOAD_AT_START = loadavg()[0] ?? 0;
/** Targets of issue 8 (item 6), per category id. */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
/** An audit shows as passed in Lighthouse's own report from this score on. */
const PASS = 0.9;
const log = (line: string): void => console.info(line);

interface PageResult {
  page: BenchPage;
  lhr: Result;
  performanceRuns: number[];
}

const score = (lhr: Result, category: Category): number => Math.round((lhr.categories[category]?.score ?? 0) * 100);

async function audit(url: string): Promise<Result> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`bench: Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`bench: Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The audits of a category that Lighthouse's report lists as not passed (weighted or not), worst first. */
function failing(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < PASS && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

function scoreCell(value: number, category: Category): string {
  return value >= TARGETS[category] ? `${value} ✓` : `**${value}** ✗`;
}

function tables(results: PageResult[]): string[] {
  const lines = [
    '| page | path | performance (≥ 95) | accessibility (100) | best practices (≥ 95) | SEO (100) |',
    '|---|---|---:|---:|---:|---:|',
    ...results.map(({ page, lhr }) => `| ${page.name} | \`${page.path}\` | ${CATEGORIES.map((c) => scoreCell(score(lhr, c), c)).join(' | ')} |`),
    '',
    `| page | ${METRICS.map(([, label]) => label).join(' | ')} | performance of the ${RUNS} run(s) |`,
    `|---|${METRICS.map(() => '---:').join('|')}|---|`,
    ...results.map(({ page, lhr, performanceRuns }) => `| ${page.name} | ${METRICS.map(([id]) => lhr.audits[id]?.displayValue ?? '–').join(' | ')} | ${performanceRuns.join(', ')} |`),
  ];
  return lines;
}

function machine(lhr: Result | undefined): string[] {
  const require = createRequire(import.meta.url);
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  const browser = /Chrome\/[\d.]+/.exec(lhr?.environment.hostUserAgent ?? '')?.[0] ?? 'unknown';
  return [
    `Machine: ${availableParallelism()} CPUs (nproc) · ${cpus()[0]?.model ?? 'unknown CPU'} · Node ${process.version} · ${process.platform}/${process.arch}; 1-minute load average when the run began: ${LOAD_AT_START.toFixed(2)}.`,
    `Lighthouse ${lhr?.lighthouseVersion ?? version('lighthouse')} (npm), chrome-launcher ${version('chrome-launcher')}, Debian Chromium (${browser.replace('/', ' ')}, \`${CHROMIUM_PATH}\`, \`--headless=new\`). Lighthouse's CPU benchmark index of this machine: ${lhr?.environment.benchmarkIndex ?? '–'}.`,
  ];
}

/** The throttling Lighthouse simulated, as it reports it. */
function profile(lhr: Result | undefined): string {
  const settings = lhr?.configSettings;
  const t = settings?.throttling;
  const screen = settings?.screenEmulation;
  if (!settings || !t) return "Profile: Lighthouse's default (mobile).";
  return (
    `Profile: Lighthouse's default, ${settings.formFactor}: a ${screen?.width ?? '?'}×${screen?.height ?? '?'} px phone screen, ${settings.throttlingMethod === 'simulate' ? 'simulated' : settings.throttlingMethod} throttling of ` +
    `${t.rttMs ?? '?'} ms round trip, ${((t.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s and ${t.cpuSlowdownMultiplier ?? '?'}× CPU slowdown.`
  );
}

function fullReport(results: PageResult[]): string {
  const lhr = results[0]?.lhr;
  const lines = [
    '# Lighthouse: home, listing and product page',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx bench/lighthouse.ts\` (the last part of \`npm run bench\`) against the real server`,
    '(`node dist/current/server.mjs`, the compiled release, NODE_ENV=production, the seeded shop) on loopback; each page was visited once beforehand, so',
    'an anonymous visit is answered by the page cache (ADR 0011) as in production.',
    ...machine(lhr),
    '',
    profile(lhr),
    `${RUNS} run(s) per page, each in a fresh browser; the run with the median performance score is shown.`,
    '',
    '**Targets (issue 8, item 6):** performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100.',
    '',
    ...tables(results),
    '',
    '## Audits not passed (score below 0.9), per page',
    '',
  ];
  for (const { page, lhr: result } of results) {
    lines.push(`### ${page.name} (\`${page.path}\`)`, '');
    let any = false;
    for (const category of CATEGORIES) {
      const titles = failing(result, category);
      if (!titles.length) continue;
      any = true;
      lines.push(`- **${result.categories[category]?.title ?? category}:** ${titles.join('; ')}`);
    }
    if (!any) lines.push('- none');
    if (result.runWarnings.length) lines.push(`- Lighthouse's warnings: ${result.runWarnings.join(' ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

function resultsSection(results: PageResult[]): string {
  const missed = results.flatMap(({ page, lhr }) => CATEGORIES.filter((c) => score(lhr, c) < TARGETS[c]).map((c) => `${page.name} ${c} ${score(lhr, c)}`));
  return [
    SECTION_MARK,
    '# Benchmark: Lighthouse (mobile)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by bench/lighthouse.ts; the full summary with the audits not passed is in [LIGHTHOUSE.md](LIGHTHOUSE.md).`,
    ...machine(results[0]?.lhr),
    '',
    ...tables(results),
    '',
    missed.length ? `**Targets not met:** ${missed.join('; ')}.` : '**All targets met.**',
    '',
  ].join('\n');
}

const server = await startShopServer(DATA_DIR);
try {
  const pages = await benchPages(server.origin);
  log(`bench: pages: ${pages.map((p) => `${p.name} ${p.path}`).join(', ')}`);
  const results: PageResult[] = [];
  for (const page of pages) {
    const url = `${server.origin}${page.path}`;
    await fetch(url, { headers: { accept: 'text/html' } }); // fills the page cache, as earlier visitors would have
    const runs: Result[] = [];
    for (let n = 1; n <= RUNS; n++) {
      const lhr = await audit(url);
      log(`bench: lighthouse ${page.name} run ${n}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ')}`);
      runs.push(lhr);
    }
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = runs[Math.floor((runs.length - 1) / 2)]!;
    results.push({ page, lhr: median, performanceRuns: runs.map((r) => score(r, 'performance')) });
    if (JSON_DIR) {
      mkdirSync(JSON_DIR, { recursive: true });
      writeFileSync(join(JSON_DIR, `${page.name.replace(/\W+/g, '-')}.json`), JSON.stringify(median));
    }
  }
  const file = new URL('./LIGHTHOUSE.md', import.meta.url);
  writeFileSync(file, fullReport(results));
  log(`bench: wrote ${file.pathname}`);
  log(`bench: appended the Lighthouse section to ${writeResultsSection(SECTION_MARK, resultsSection(results))}`);
  for (const { page, lhr } of results) log(`bench: ${page.name}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ')}`);
} finally {
  await server.stop();
}
