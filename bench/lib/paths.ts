import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/ is one level below it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Gitignored: partial results, temporary builds, profiles. */
export const OUT_DIR = path.join(ROOT, 'bench/out');
/** Gitignored: tools the bench installs on demand (lighthouse). */
export const TOOLS_DIR = path.join(ROOT, 'bench/.tools');
export const TSX_CLI = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
