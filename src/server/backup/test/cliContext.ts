import type { FastifyInstance } from 'fastify';
import type { CliContext, CliTarget } from '../../cli/command';
import type { Database } from '../../db/database';
import { backupOperation } from '../../startup/admin/backupOperation';

export interface CapturedContext {
  context: CliContext;
  out: string[];
  err: string[];
}

/** A command's context over a real database, its output captured. */
export function databaseContext(database: Database, args: string[], env: NodeJS.ProcessEnv = {}): CapturedContext {
  return captured(args, env, { kind: 'database', database });
}

/**
 * A command's context as it is when the server runs and holds the embedded database: operations go
 * to the server's own implementations (here the backup operation, run on the app's database).
 */
export function serverContext(app: FastifyInstance, database: Database, args: string[], env: NodeJS.ProcessEnv = {}): CapturedContext {
  const operations = new Map([[backupOperation.name, backupOperation]]);
  const call = async (name: string, params: Record<string, unknown>) => {
    const operation = operations.get(name);
    if (!operation) throw new Error(`no operation ${name}`);
    // what crosses the control socket is JSON
    return JSON.parse(JSON.stringify(await operation.run({ database, app }, params))) as unknown;
  };
  return captured(args, env, { kind: 'server', call });
}

function captured(args: string[], env: NodeJS.ProcessEnv, target: CliTarget): CapturedContext {
  const out: string[] = [];
  const err: string[] = [];
  const context: CliContext = {
    args,
    env,
    output: { out: (text) => out.push(text), err: (text) => err.push(text) },
    readStdin: async () => '',
    withTarget: (use) => use(target),
  };
  return { context, out, err };
}
