import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../e2e/support/browser';
import { freePort } from '../../e2e/support/server';
import { TOKEN_STORAGE_KEY } from '../../src/contract/limits';
import type { Part } from '../lib/part';
import { info, type Figure } from '../lib/report';
import { startBenchServer } from '../lib/serverHandle';
import { ensureLighthouse } from '../lib/tools';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface LighthouseReport {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

function runLighthouse(cli: string, url: string, port: number, outFile: string): Promise<LighthouseReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        `--port=${port}`,
        '--output=json',
        `--output-path=${outFile}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        '--disable-storage-reset',
        '--max-wait-for-load=30000',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM, NODE_OPTIONS: '' }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (d) => (errors += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${errors.slice(-1500)}`));
      resolve(JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport);
    });
  });
}

/** Debian chromium with a debugging port, so lighthouse and playwright drive the same profile. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wavelength-lh-'));
  const child = spawn(CHROMIUM, ['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...CHROMIUM_FLAGS, 'about:blank'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('chromium did not open its debugging port');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const lighthousePart: Part = {
  name: 'lighthouse',
  title: 'Lighthouse: sign-in page and signed-in home',
  limitSeconds: 180,
  async run(ctx) {
    const cli = await ensureLighthouse(ctx.log);
    const clientDir = await ctx.clientDir();
    const server = await startBenchServer({ clientDir });
    const browser = await startChromium();
    const out = mkdtempSync(path.join(os.tmpdir(), 'wavelength-lh-out-'));
    try {
      const user = await server.user();
      const pages: { name: string; url: string; signedIn: boolean }[] = [
        { name: '/auth/login', url: `${server.baseUrl}/auth/login`, signedIn: false },
        { name: '/ (signed-in home)', url: `${server.baseUrl}/`, signedIn: true },
      ];
      const figures: Figure[] = [];
      const details: Record<string, unknown> = {};
      for (const page of pages) {
        if (page.signedIn) {
          // The app keeps its token in localStorage; lighthouse runs with --disable-storage-reset.
          const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
          const tab = await cdp.contexts()[0].newPage();
          await tab.goto(`${server.baseUrl}/auth/login`);
          await tab.evaluate(([key, token]) => localStorage.setItem(key, token), [TOKEN_STORAGE_KEY, user.token] as const);
          await tab.close();
          await cdp.close();
        }
        ctx.log(`lighthouse: ${page.name}`);
        const report = await runLighthouse(cli, page.url, browser.port, path.join(out, `${page.signedIn ? 'home' : 'login'}.json`));
        const landed = report.finalDisplayedUrl ?? page.url;
        if (new URL(landed).pathname !== new URL(page.url).pathname) throw new Error(`lighthouse audited ${landed}, not ${page.url} (was the user signed in?)`);
        for (const category of CATEGORIES) {
          const score = report.categories[category]?.score;
          figures.push(info(`${page.name}: ${category}`, 'score', score === null || score === undefined ? Number.NaN : Math.round(score * 100)));
        }
        const metric = (id: string) => report.audits[id]?.numericValue;
        details[page.name] = {
          finalDisplayedUrl: landed,
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, report.categories[c]?.score])),
          firstContentfulPaintMs: metric('first-contentful-paint'),
          largestContentfulPaintMs: metric('largest-contentful-paint'),
          totalBlockingTimeMs: metric('total-blocking-time'),
          cumulativeLayoutShift: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
        };
        const fcp = metric('first-contentful-paint');
        const lcp = metric('largest-contentful-paint');
        if (fcp !== undefined && lcp !== undefined)
          figures.push(
            info(`${page.name}: largest contentful paint (simulated)`, 'ms', lcp, {
              note: `FCP ${Math.round(fcp)} ms, LCP ${Math.round(lcp)} ms, TBT ${Math.round(metric('total-blocking-time') ?? 0)} ms`,
            }),
          );
      }
      return {
        method: `lighthouse ${'12.8.2'} (installed on demand into bench/.tools) against Debian chromium with CHROME_PATH=/usr/bin/chromium, default settings (mobile form factor, simulated slow-4G throttling), categories performance, accessibility and best practices; the app serves a production build. The signed-in home is audited with a real user's token in localStorage (--disable-storage-reset). Scores are 0-100; the budgets of DESIGN.md set none.`,
        figures,
        details,
      };
    } finally {
      await browser.stop();
      await server.stop();
      rmSync(out, { recursive: true, force: true });
    }
  },
};
