import type { ColumnInfo, TableStart } from './format';
import { ident, queryRows, type Executor } from './sqlRows';

/**
 * The app's tables as the database's catalog has them (schema public), so none is forgotten when a
 * migration adds one: their columns, primary keys, and an order in which every table comes after
 * the tables its foreign keys point to.
 */
export async function listTables(executor: Executor): Promise<TableStart[]> {
  const columns = await queryRows<{ table: string; name: string; type: string }>(
    executor,
    `select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table: string; name: string }>(
    executor,
    `select c.relname as "table", a.attname as name
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where i.indisprimary and n.nspname = 'public'
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    executor,
    `select distinct cl.relname as child, pr.relname as parent
       from pg_constraint k join pg_class cl on cl.oid = k.conrelid join pg_class pr on pr.oid = k.confrelid
       join pg_namespace n on n.oid = cl.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and cl.oid <> pr.oid`,
  );
  const byTable = new Map<string, TableStart>();
  for (const c of columns) {
    const table = byTable.get(c.table) ?? { table: c.table, columns: [] as ColumnInfo[], primaryKey: [] as string[] };
    table.columns.push({ name: c.name, type: c.type });
    byTable.set(c.table, table);
  }
  for (const k of keys) byTable.get(k.table)?.primaryKey.push(k.name);
  return foreignKeyOrder([...byTable.values()], references);
}

/** Parents before children (Kahn's algorithm, by name among equals, so the order is stable). */
export function foreignKeyOrder(tables: TableStart[], references: { child: string; parent: string }[]): TableStart[] {
  const pending = new Map(tables.map((t) => [t.table, t]));
  const ordered: TableStart[] = [];
  while (pending.size > 0) {
    const ready = [...pending.keys()].filter((name) => !references.some((r) => r.child === name && pending.has(r.parent))).sort();
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${[...pending.keys()].join(', ')}`);
    for (const name of ready) {
      ordered.push(pending.get(name)!);
      pending.delete(name);
    }
  }
  return ordered;
}

/** The query answering a table's rows, each as one JSON line of its values' text forms, in primary-key order. */
export function rowLinesQuery(table: TableStart): string {
  const values = table.columns.map((c) => `${ident(c.name)}::text`).join(', ');
  const textual = new Set(table.columns.filter((c) => /^(text|character)/.test(c.type)).map((c) => c.name));
  const keys = table.primaryKey.length ? table.primaryKey : table.columns.map((c) => c.name);
  const order = keys.map((k) => (textual.has(k) ? `${ident(k)} collate "C"` : ident(k))).join(', ');
  return `select json_build_array(${values})::text as line from ${ident(table.table)} order by ${order}`;
}

/** Sequences of schema public as `"public"."name"`. */
export async function listSequences(executor: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    executor,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => r.name);
}
