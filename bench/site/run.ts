/**
 * Site benchmark (ARCHITECTURE §5): starts the production server on the built site and
 * measures, side by side in one run on one machine,
 *   (a) the server-rendered home page against (b) a static file from the same server
 *       (requests/s and p99 latency, and their ratios),
 *   (c) the gzip size of the JavaScript the home page loads (target <= 120 KB),
 *   (d) the Lighthouse performance score of the home page (mobile, target >= 95).
 * Prints a summary and writes bench/results/site-<date>.json. Never fails on numbers.
 *
 *   npm run bench:site            (builds first)
 *   npm run site -w @coinfall/bench   (uses the existing build)
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_DURATION (s, default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_SKIP_LIGHTHOUSE=1, DATABASE_URL (passed through).
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync, constants as zlib } from 'node:zlib';
import { CONNECTIONS, DURATION_S, WARMUP_S, fixed, load, table } from '../lib/load.ts';
import { ROOT, startServer } from '../lib/server.ts';

const WEB_BUILD = path.join(ROOT, 'apps/web/build');
const CLIENT_DIR = path.join(WEB_BUILD, 'client');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const JS_TARGET_KB = 120;
const LIGHTHOUSE_TARGET = 95;

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ---------------------------------------------------------------------------------------------
// (a), (b): the static file baseline

/** The largest hashed asset of the build (robots.txt or favicon when there is none). */
function pickStaticFile(): { urlPath: string; bytes: number } {
  const assets = path.join(CLIENT_DIR, 'assets');
  const candidates = existsSync(assets)
    ? readdirSync(assets).map((name) => ({
        urlPath: `/assets/${name}`,
        bytes: statSync(path.join(assets, name)).size,
      }))
    : [];
  candidates.sort((a, b) => b.bytes - a.bytes);
  if (candidates[0]) return candidates[0];
  for (const name of ['robots.txt', 'favicon.ico', 'favicon.svg']) {
    const file = path.join(CLIENT_DIR, name);
    if (existsSync(file)) return { urlPath: `/${name}`, bytes: statSync(file).size };
  }
  throw new Error(`no static file found under ${CLIENT_DIR}`);
}

// ---------------------------------------------------------------------------------------------
// (c): the home page's JavaScript

interface ScriptSize {
  url: string;
  bytes: number;
  gzipBytes: number;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: zlib.Z_BEST_COMPRESSION }).length;

/** Every script the home page loads: module/classic script src, modulepreload links, and the imports of inline module scripts. */
function scriptUrls(
  html: string,
  baseUrl: string,
): { urls: string[]; inlineBytes: number; inlineGzipBytes: number } {
  const found = new Set<string>();
  let inline = '';
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = '', body = ''] = match;
    const type = attr(`<x ${attrs}>`, 'type');
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue; // JSON data etc.
    const src = attr(`<x ${attrs}>`, 'src');
    if (src) found.add(new URL(src, baseUrl).href);
    else {
      inline += body;
      if (type === 'module') {
        for (const m of body.matchAll(
          /\bimport\s*(?:[^'"();]*?\sfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g,
        )) {
          const spec = m[1] ?? m[2];
          if (spec && /^(\/|\.|https?:)/.test(spec)) found.add(new URL(spec, baseUrl).href);
        }
      }
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/^modulepreload$/i.test(attr(tag, 'rel') ?? '')) continue;
    const href = attr(tag, 'href');
    if (href) found.add(new URL(href, baseUrl).href);
  }
  const inlineBytes = Buffer.byteLength(inline);
  return {
    urls: [...found],
    inlineBytes,
    inlineGzipBytes: inlineBytes ? gzipSize(Buffer.from(inline)) : 0,
  };
}

async function homeJavaScript(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const { urls, inlineBytes, inlineGzipBytes } = scriptUrls(html, baseUrl);
  const scripts: ScriptSize[] = [];
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    scripts.push({ url: new URL(url).pathname, bytes: bytes.length, gzipBytes: gzipSize(bytes) });
  }
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const htmlBytes = Buffer.byteLength(html);
  return {
    scripts,
    totalBytes: scripts.reduce((s, x) => s + x.bytes, 0),
    totalGzipBytes: scripts.reduce((s, x) => s + x.gzipBytes, 0),
    inlineBytes,
    inlineGzipBytes,
    htmlBytes,
    htmlGzipBytes: gzipSize(Buffer.from(html)),
  };
}

// ---------------------------------------------------------------------------------------------
// (d): Lighthouse

interface LaunchedChrome {
  port: number;
  kill: () => void | Promise<void>;
}
type Launch = (options: {
  chromePath: string;
  chromeFlags: string[];
  logLevel?: string;
}) => Promise<LaunchedChrome>;

/** chrome-launcher is lighthouse's own dependency; resolve it from there rather than declare it twice. */
async function loadChromeLauncher(): Promise<{ launch: Launch }> {
  const lighthouseEntry = fileURLToPath(import.meta.resolve('lighthouse'));
  const resolved = createRequire(lighthouseEntry).resolve('chrome-launcher');
  const mod = (await import(pathToFileURL(resolved).href)) as {
    launch?: Launch;
    default?: { launch: Launch };
  };
  const launch = mod.launch ?? mod.default?.launch;
  if (!launch) throw new Error('chrome-launcher has no launch()');
  return { launch };
}

interface LighthouseResult {
  score: number | null;
  metrics: Record<string, string | undefined>;
  error?: string;
}

async function runLighthouse(url: string): Promise<LighthouseResult> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await loadChromeLauncher();
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    // The default config: mobile form factor, simulated throttling (Slow 4G, 4x CPU).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) return { score: null, metrics: {}, error: 'lighthouse returned no result' };
    if (lhr.runtimeError)
      return {
        score: null,
        metrics: {},
        error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
      };
    const metric = (id: string) => lhr.audits[id]?.displayValue;
    return {
      score:
        lhr.categories.performance?.score == null
          ? null
          : Math.round(lhr.categories.performance.score * 100),
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      },
    };
  } finally {
    await chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_BUILD, 'server/index.js'))) {
    console.error('apps/web is not built: run `npm run build` first (or `npm run bench:site`).');
    process.exit(1);
  }
  const staticFile = pickStaticFile();
  console.log(
    `Coinfall site benchmark: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per target, ${os.cpus().length} CPU(s), node ${process.version}`,
  );
  console.log(
    `static file: ${staticFile.urlPath} (${kb(staticFile.bytes)} KB, the largest hashed asset)`,
  );

  const server = await startServer();
  const stopOnSignal = () => void server.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  console.log(`server up at ${server.baseUrl}\n`);

  try {
    const homeRes = await fetch(`${server.baseUrl}/`);
    if (!homeRes.ok) throw new Error(`GET / answered ${homeRes.status}`);

    console.log('(a) GET / (server-rendered home page) ...');
    const home = await load({ url: `${server.baseUrl}/` });
    console.log(`    ${fixed(home.requestsPerSecond)} req/s, p99 ${home.p99Ms} ms`);
    console.log(`(b) GET ${staticFile.urlPath} (static file) ...`);
    const stat = await load({ url: `${server.baseUrl}${staticFile.urlPath}` });
    console.log(`    ${fixed(stat.requestsPerSecond)} req/s, p99 ${stat.p99Ms} ms`);

    console.log('(c) JavaScript of the home page ...');
    const js = await homeJavaScript(server.baseUrl);
    for (const s of js.scripts)
      console.log(
        `    ${s.url.padEnd(56)} ${kb(s.bytes).padStart(8)} KB  gzip ${kb(s.gzipBytes).padStart(7)} KB`,
      );

    let lighthouse: LighthouseResult;
    if (process.env.BENCH_SKIP_LIGHTHOUSE === '1')
      lighthouse = { score: null, metrics: {}, error: 'skipped (BENCH_SKIP_LIGHTHOUSE=1)' };
    else {
      console.log(`(d) Lighthouse (mobile, default throttling) on ${CHROMIUM_PATH} ...`);
      lighthouse = await runLighthouse(`${server.baseUrl}/`).catch((err: unknown) => ({
        score: null,
        metrics: {},
        error: String(err),
      }));
    }

    const throughputRatio = home.requestsPerSecond / stat.requestsPerSecond;
    const p99Ratio = home.p99Ms / stat.p99Ms;
    const jsKb = js.totalGzipBytes / 1024;
    console.log('\nSummary');
    console.log(
      table([
        ['measure', 'value', 'target / baseline', 'verdict'],
        [
          'home GET / req/s',
          fixed(home.requestsPerSecond),
          `static ${fixed(stat.requestsPerSecond)}`,
          `ratio ${fixed(throughputRatio, 3)}`,
        ],
        [
          'home GET / p99 ms',
          String(home.p99Ms),
          `static ${stat.p99Ms}`,
          `ratio ${fixed(p99Ratio, 2)}`,
        ],
        [
          'home non-2xx / errors',
          `${home.non2xx} / ${home.errors}`,
          `static ${stat.non2xx} / ${stat.errors}`,
          home.non2xx + home.errors === 0 ? 'ok' : 'CHECK',
        ],
        [
          'home JS gzip KB',
          `${jsKb.toFixed(1)} (${js.scripts.length} files)`,
          `<= ${JS_TARGET_KB}`,
          jsKb <= JS_TARGET_KB ? 'ok' : 'OVER',
        ],
        ['inline script gzip KB', kb(js.inlineGzipBytes), 'info', ''],
        ['home HTML gzip KB', kb(js.htmlGzipBytes), 'info', ''],
        [
          'Lighthouse performance',
          lighthouse.score === null
            ? `n/a (${lighthouse.error ?? 'no score'})`
            : String(lighthouse.score),
          `>= ${LIGHTHOUSE_TARGET}`,
          lighthouse.score === null
            ? 'n/a'
            : lighthouse.score >= LIGHTHOUSE_TARGET
              ? 'ok'
              : 'UNDER',
        ],
      ]),
    );
    if (Object.keys(lighthouse.metrics).length) {
      console.log(
        `Lighthouse metrics: ${Object.entries(lighthouse.metrics)
          .map(([k, v]) => `${k} ${v ?? 'n/a'}`)
          .join(', ')}`,
      );
    }

    const now = new Date();
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(
      RESULTS_DIR,
      `site-${now
        .toISOString()
        .replace(/[:.]/g, '-')
        .replace(/-\d{3}Z$/, 'Z')}.json`,
    );
    const results = {
      date: now.toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      settings: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      },
      home,
      static: { ...stat, file: staticFile.urlPath, bytes: staticFile.bytes },
      ratios: { requestsPerSecond: throughputRatio, p99: p99Ratio },
      homeJavaScript: { ...js, totalGzipKb: jsKb, targetKb: JS_TARGET_KB },
      lighthouse: {
        ...lighthouse,
        target: LIGHTHOUSE_TARGET,
        preset: 'mobile (default), simulated throttling',
      },
    };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nresults: ${path.relative(ROOT, file)}`);
  } finally {
    await server.stop();
  }
}

await main();
