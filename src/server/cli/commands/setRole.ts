import { setAccountRole, type RoleChange } from '../../modules/auth/accountAccess';
import type { CliContext } from '../command';
import { parseCommandArgs } from '../parseArgs';
import { perform } from '../perform';

/** What `users promote` and `users demote` share: the email argument, the change, one line. */
export async function changeRole(context: CliContext, role: 'user' | 'admin'): Promise<number> {
  const { email } = parseCommandArgs(context.args, { positionals: ['email'] }).positionals;
  const change = await context.withTarget((target) =>
    perform<RoleChange>(target, 'users.setRole', { email, role }, (database) => setAccountRole(database, email, role)),
  );
  if (!change.changed) context.output.out(`${change.email} ${role === 'admin' ? 'is an admin already' : 'is not an admin'}: nothing changed`);
  else if (role === 'admin') context.output.out(`${change.email} is now an admin`);
  else context.output.out(`${change.email} is no longer an admin; their sessions are signed out`);
  return 0;
}
