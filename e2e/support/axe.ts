import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now. The script goes in through
 * the DevTools protocol (page.evaluate), which the page's CSP does not govern, so it needs no
 * exception in the policy.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * The violations of the named axe rules only, experimental ones included (axe leaves those off by
 * default; label-content-name-mismatch is one).
 */
export async function ruleViolations(page: Page, ruleIds: string[]): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  const result = (await page.evaluate(
    (ids) =>
      (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'rule', values: ids },
        resultTypes: ['violations'],
      }),
    ruleIds,
  )) as AxeResult;
  return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
