/** The mixed part's figures: per user count, the embedded default with its budgets beside today's arrangement, and PostgreSQL. */
import { atMost, info, type Figure } from '../lib/report';
import { round, type Summary } from '../lib/stats';
import { FAMILIES } from './mix';
import type { ArrangementResult, PhaseResult } from './run';

export const BUDGETS = { p99Ms: 250, errors: 0, loopDelayP99Ms: 20, skipP99Ms: 100 } as const;
/** the user count the budgets are for */
export const BUDGET_USERS = 100;

const ms = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? 'n/a' : `${round(v)} ms`);
const spread = (s: Summary) => `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)} over ${s.count.toLocaleString('en-US')} requests`;

/** the window's errors and the sign-ins' (a user that could not sign in counts there) */
function errorsOf(p: PhaseResult): number {
  return p.load.load.errors + p.load.signIn.errors;
}

/** atMost when the budget applies to this row, otherwise the same figure for information */
function budgeted(applies: boolean, name: string, unit: string, measured: number, limit: number, extra: Partial<Figure>): Figure {
  return applies ? atMost(name, unit, measured, limit, extra) : info(name, unit, measured, extra);
}

function errorNote(p: PhaseResult): string {
  const kinds = { ...p.load.signIn.errorKinds, ...p.load.load.errorKinds };
  const list = Object.entries(kinds).map(([kind, e]) => `${kind} ×${e.count} (${e.samples[0] ?? ''})`);
  return list.length ? list.join('; ') : 'none: every answer as expected, no socket error or close';
}

function skipNote(p: PhaseResult): string {
  const rounds = p.load.skipRounds;
  return `${rounds.length} skips to ${rounds.map((r) => r.sockets).join('/')} ready sockets (the users' own and extra listeners); last socket per skip ${rounds.map((r) => ms(r.lastMs)).join(', ')}, first ${rounds.map((r) => ms(r.firstMs)).join(', ')}`;
}

/** The headline figures of one arrangement at one user count; `budgets` when the budgets apply, `ref` today's arrangement. */
function headline(name: string, p: PhaseResult, budgets: boolean, ref: PhaseResult | undefined, refWhat: string): Figure[] {
  const reference = (value: number | undefined, measured: number) =>
    ref && value !== undefined && Number.isFinite(value) ? { reference: { value, what: refWhat }, ...(value > 0 ? { ratio: measured / value } : {}) } : {};
  const l = p.load.load;
  const skip = p.load.skipDelivery;
  const figures: Figure[] = [
    info(`${name}: requests/s`, 'req/s', l.requestsPerSecond, {
      ...reference(ref?.load.load.requestsPerSecond, l.requestsPerSecond),
      note: `${l.requests.toLocaleString('en-US')} requests in ${round(l.seconds)} s by ${p.load.signedIn} signed-in users`,
    }),
    budgeted(budgets, `${name}: all requests p99`, 'ms', l.overall.p99, BUDGETS.p99Ms, {
      ...reference(ref?.load.load.overall.p99, l.overall.p99),
      note: spread(l.overall),
    }),
    atMost(`${name}: errors`, 'errors', errorsOf(p), BUDGETS.errors, { ...reference(ref ? errorsOf(ref) : undefined, errorsOf(p)), note: errorNote(p) }),
    budgeted(budgets, `${name}: server event-loop delay p99`, 'ms', p.loopDelay.p99, BUDGETS.loopDelayP99Ms, {
      ...reference(ref?.loopDelay.p99, p.loopDelay.p99),
      note: `monitorEventLoopDelay (10 ms resolution) in the server over the window: p50 ${ms(p.loopDelay.p50)}, max ${ms(p.loopDelay.max)}`,
    }),
  ];
  if (skip)
    figures.push(
      budgeted(budgets, `${name}: radio skip to TRACK_CHANGE p99, ${p.load.skipRounds[0]?.sockets ?? 0} sockets`, 'ms', skip.p99, BUDGETS.skipP99Ms, {
        ...reference(ref?.load.skipDelivery?.p99, skip.p99),
        note: skipNote(p),
      }),
    );
  figures.push(
    info(`${name}: server RSS peak`, 'MiB', p.rssPeakMiB, {
      ...reference(ref?.rssPeakMiB, p.rssPeakMiB),
      note: `the server process, sampled every 250 ms in the window (${round(p.rssBeforeMiB)} MiB before the users)`,
    }),
  );
  return figures;
}

function familyFigures(name: string, p: PhaseResult, ref: PhaseResult | undefined, refWhat: string): Figure[] {
  const out: Figure[] = [];
  for (const family of FAMILIES) {
    const s = family === 'signin' ? p.load.signIn : p.load.load.families[family];
    if (!s.count) continue;
    const r = ref ? (family === 'signin' ? ref.load.signIn : ref.load.load.families[family]) : undefined;
    const label = family === 'signin' ? 'sign-in (before the window, 4 at a time)' : family;
    out.push(
      info(`${name}: ${label} p95`, 'ms', s.p95, {
        ...(r && Number.isFinite(r.p95) ? { reference: { value: r.p95, what: refWhat }, ratio: s.p95 / r.p95 } : {}),
        note: spread(s),
      }),
    );
  }
  return out;
}

export function mixedFigures(results: ArrangementResult[]): Figure[] {
  const by = (key: ArrangementResult['arrangement']) => results.find((r) => r.arrangement === key);
  const embedded = by('embedded');
  const main = by('main');
  const pg = by('pg');
  const mainWhat = `${main?.label ?? 'PGlite on the main thread'}, same load`;
  const figures: Figure[] = [];
  for (const phase of embedded?.phases ?? []) {
    const ref = main?.phases.find((p) => p.users === phase.users);
    const name = `${phase.users} users, embedded`;
    figures.push(...headline(name, phase, phase.users === BUDGET_USERS, ref, mainWhat), ...familyFigures(name, phase, ref, mainWhat));
  }
  for (const phase of pg?.phases ?? []) {
    const ref = main?.phases.find((p) => p.users === phase.users);
    const name = `${phase.users} users, PostgreSQL`;
    const families = FAMILIES.filter((f) => f !== 'signin').map((f) => `${f} p95 ${ms(phase.load.load.families[f].p95)}`);
    const rows = headline(name, phase, false, ref, mainWhat);
    rows[1].note = `${rows[1].note}; ${families.join(', ')}; sign-in p95 ${ms(phase.load.signIn.p95)}`;
    figures.push(...rows);
  }
  return figures;
}
