// Plain ESM on purpose: loaded by the database thread (pgliteWorker.mjs) as it is.
//
// WAVELENGTH_DB_PROFILE=<file>: where the embedded database's time goes. Each exchange's time inside
// PGlite is added up by its statement text, and the totals, largest first, are written to the file
// every 5 s. A debugging aid for the bench (docs/decisions/embedded-database.md), off by default.
import { writeFileSync } from 'node:fs';

const PARSE = 0x50; // 'P'
const QUERY = 0x51; // 'Q'

/** The statement text of an exchange: its Parse's (after the statement name) or its Query's. */
function statementText(messages) {
  for (const m of messages) {
    if (m[0] === QUERY) return Buffer.from(m.subarray(5, m.length - 1)).toString('utf8');
    if (m[0] === PARSE) {
      const nameEnd = m.indexOf(0, 5);
      return Buffer.from(m.subarray(nameEnd + 1, m.indexOf(0, nameEnd + 1))).toString('utf8');
    }
  }
  return '(no statement)';
}

export function exchangeProfile(file) {
  const totals = new Map();
  const timer = setInterval(() => {
    const rows = [...totals.entries()].map(([sql, t]) => ({ ms: Math.round(t.ms), count: t.count, meanMs: +(t.ms / t.count).toFixed(2), sql }));
    rows.sort((a, b) => b.ms - a.ms);
    writeFileSync(file, JSON.stringify(rows, null, 1));
  }, 5_000);
  timer.unref();
  return (messages, ms) => {
    const sql = statementText(messages).slice(0, 400);
    const t = totals.get(sql) ?? { ms: 0, count: 0 };
    t.ms += ms;
    t.count += 1;
    totals.set(sql, t);
  };
}
