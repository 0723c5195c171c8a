import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { difference, duplicates, markedSections } from './test/docMarkers';

/**
 * docs/architecture.md cannot drift: its folder lists, table list and journeys are checked against
 * the tree. A failure names what to add to or remove from the doc.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = 'docs/architecture.md';
const doc = readFileSync(path.join(ROOT, DOC), 'utf8');

const REQUIRED_FOLDER_LISTS = ['src/server', 'src/server/modules', 'src/client', 'src/client/features'];
const REQUIRED_JOURNEYS = ['play', 'radio-skip', 'subsonic-stream', 'scan'];

const directoriesOf = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe(DOC, () => {
  it('lists every folder of each listed directory, and no folder that is not there', () => {
    const sections = markedSections(doc, 'folders');
    const problems = REQUIRED_FOLDER_LISTS.filter((dir) => !sections.some((s) => s.label === dir)).map((dir) => `no "<!-- folders: ${dir} -->" list in ${DOC}`);
    problems.push(...duplicates(sections.map((s) => s.label)).map((dir) => `two folder lists of ${dir} in ${DOC}: keep one`));
    for (const { label, names } of sections) {
      const listed = names.map((name) => name.replace(/\/$/, ''));
      const { missing, extra } = difference(listed, directoriesOf(label));
      problems.push(...missing.map((name) => `${label}/${name}/ exists but the folder list of ${label} does not name it: add a line`));
      problems.push(...extra.map((name) => `the folder list of ${label} names ${name}/, which does not exist: remove it`));
      problems.push(...duplicates(listed).map((name) => `the folder list of ${label} names ${name}/ twice`));
    }
    expect(problems).toEqual([]);
  });

  it('lists every table of src/server/db/schema/, and no other', async () => {
    const schemaDir = path.join(ROOT, 'src/server/db/schema');
    const tables: string[] = [];
    for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.ts'))) {
      const schemaModule = (await import(path.join(schemaDir, file))) as Record<string, unknown>;
      for (const value of Object.values(schemaModule)) if (is(value, PgTable)) tables.push(getTableName(value));
    }
    expect(tables.length).toBeGreaterThan(20);

    const sections = markedSections(doc, 'tables');
    expect(sections).toHaveLength(1);
    const listed = sections[0].names;
    const { missing, extra } = difference(listed, tables);
    expect([
      ...missing.map((name) => `table ${name} is defined in src/server/db/schema/ but not in the table list of ${DOC}: add it`),
      ...extra.map((name) => `the table list of ${DOC} names ${name}, which no pgTable defines: remove it`),
      ...duplicates(listed).map((name) => `the table list of ${DOC} names ${name} twice`),
    ]).toEqual([]);
  });

  it('walks each journey through files that exist, each once, as many as its heading says', () => {
    const sections = markedSections(doc, 'journey');
    const problems = REQUIRED_JOURNEYS.filter((name) => !sections.some((s) => s.label === name)).map(
      (name) => `no "<!-- journey: ${name} -->" section in ${DOC}`,
    );
    problems.push(...duplicates(sections.map((s) => s.label)).map((name) => `two journeys named ${name} in ${DOC}: keep one`));
    for (const { label, names, heading } of sections) {
      if (names.length === 0) problems.push(`journey ${label} lists no files`);
      problems.push(...names.filter((file) => !existsSync(path.join(ROOT, 'src', file))).map((file) => `journey ${label}: src/${file} does not exist`));
      problems.push(...duplicates(names).map((file) => `journey ${label} lists ${file} twice (list each file once, where it is first crossed)`));
      const counted = /\((\d+) files\)/.exec(heading)?.[1];
      if (Number(counted) !== names.length) problems.push(`journey ${label}: its heading "${heading}" should say (${names.length} files)`);
    }
    expect(problems).toEqual([]);
  });
});
