import type { MergedRun } from './merge';
import { round } from './stats';

/**
 * One measured figure. `ratio` compares ours with the reference measured side by side in the
 * same run; `better` says which direction of the ratio is good, so the report can read it.
 */
export interface Figure {
  /** what is measured, e.g. "search p95 (PGlite)" */
  name: string;
  unit: string;
  measured: number;
  /** the budget from DESIGN.md, as text (e.g. "≤ 25 ms"), or null when the figure has none */
  budget: string | null;
  /** null when there is no budget; otherwise whether it was met */
  met: boolean | null;
  /** the reference measured beside ours, with what it is */
  reference?: { value: number; what: string };
  /** measured / reference */
  ratio?: number;
  note?: string;
}

export interface PartResult {
  part: string;
  title: string;
  /** how the part measured, one paragraph */
  method: string;
  figures: Figure[];
  /** extra detail for results.json (raw samples summaries, per-run numbers) */
  details?: Record<string, unknown>;
  /** set when the part could not run; figures then stay empty */
  skipped?: string;
  seconds: number;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  loadAverageAtStart: [number, number, number];
  startedAt: string;
}

export interface BenchResults {
  machine: Machine;
  parts: PartResult[];
  totalSeconds: number;
  /** `--only` parts, or null for the whole suite */
  only: string[] | null;
  /** partial runs merged in later (`--only … --merge`), newest last */
  merged?: MergedRun[];
}

/** Builds a figure with a "not above" budget, e.g. latency ≤ 25 ms. */
export function atMost(name: string, unit: string, measured: number, limit: number, extra: Partial<Figure> = {}): Figure {
  return { name, unit, measured, budget: `≤ ${limit} ${unit}`, met: measured <= limit, ...extra };
}

/** Builds a figure with a "not below" budget, e.g. throughput ratio ≥ 0.5. */
export function atLeast(name: string, unit: string, measured: number, limit: number, extra: Partial<Figure> = {}): Figure {
  return { name, unit, measured, budget: `≥ ${limit} ${unit}`.trim(), met: measured >= limit, ...extra };
}

export function info(name: string, unit: string, measured: number, extra: Partial<Figure> = {}): Figure {
  return { name, unit, measured, budget: null, met: null, ...extra };
}

function fmt(value: number | undefined, unit = ''): string {
  if (value === undefined) return '';
  if (!Number.isFinite(value)) return 'n/a';
  const n = round(value).toLocaleString('en-US', { maximumFractionDigits: 3 });
  return unit ? `${n} ${unit}` : n;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderTable(parts: PartResult[]): string {
  const lines = ['| part | figure | budget | measured | reference | ratio | met |', '|---|---|---|---|---|---|---|'];
  for (const part of parts) {
    if (part.skipped) {
      lines.push(`| ${part.part} | (not run) |  |  |  |  | ${cell(part.skipped)} |`);
      continue;
    }
    for (const f of part.figures) {
      const ref = f.reference ? `${fmt(f.reference.value, f.unit)} (${f.reference.what})` : '';
      const met = f.met === null ? '—' : f.met ? 'met' : '**missed**';
      lines.push(
        `| ${part.part} | ${cell(f.name)} | ${cell(f.budget ?? '—')} | ${fmt(f.measured, f.unit)} | ${cell(ref)} | ${f.ratio === undefined ? '' : `${fmt(f.ratio)}×`} | ${met} |`,
      );
    }
  }
  return lines.join('\n');
}

export function renderMachine(m: Machine): string {
  return `${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB memory, Node ${m.node} on ${m.platform}; load average at the start ${m.loadAverageAtStart.map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min); run started ${m.startedAt}.`;
}
