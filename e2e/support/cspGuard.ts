/**
 * Fails every browser test whose pages hit a Content-Security-Policy violation. launchBrowser wraps
 * browser.newContext with guardContext, so no context escapes it, and the afterEach below (registered
 * once per test file, since every e2e file imports this through support/browser) turns what a test
 * collected into a failure of that very test.
 */
import { afterEach } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { pollWithoutEval } from './evalFreeWaits';

const CSP_MESSAGE = /Content[- ]Security[- ]Policy|Refused to (load|apply|execute|connect|evaluate|frame|create|send)/i;
const REPORT_PREFIX = 'CSP violation:';

const violations: string[] = [];
const openContexts = new Set<BrowserContext>();

/** Chromium logs most violations itself; the event also catches the ones it only reports to the page. */
function reportViolationsToConsole(prefix: string): void {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(`${prefix} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
  });
}

/** Reports the CSP violations of one context (launchBrowser's contexts get it by itself; a persistent context is made apart). */
export async function guardContext(context: BrowserContext): Promise<BrowserContext> {
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  context.on('page', pollWithoutEval);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    pollWithoutEval(page);
    return page;
  };
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(REPORT_PREFIX) || CSP_MESSAGE.test(text)) violations.push(`${message.page()?.url() ?? '?'}: ${text}`);
  });
  context.on('weberror', (webError) => {
    const text = String(webError.error()?.message ?? webError.error());
    if (CSP_MESSAGE.test(text)) violations.push(`${webError.page()?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript(reportViolationsToConsole, REPORT_PREFIX);
  return context;
}

/** Every context this browser makes reports its CSP violations. */
export function guardBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => guardContext(await newContext(...args));
  return browser;
}

/** Throws if any page reported a violation since the last call; a round trip to each open page first flushes pending console events. */
export async function assertNoCspViolations(): Promise<void> {
  for (const context of openContexts) {
    for (const page of context.pages()) {
      await Promise.race([page.evaluate(() => 0).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]);
    }
  }
  const found = violations.splice(0);
  if (found.length) throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
}

// Only in a test file: the benchmarks import support/browser too, and a stray hook would make them a test run.
const inTestFile = process.env.NODE_TEST_CONTEXT !== undefined || /\.e2e\.ts$/.test(process.argv[1] ?? '');
if (inTestFile) afterEach(assertNoCspViolations);
