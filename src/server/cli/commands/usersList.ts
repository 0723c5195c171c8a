import { listAccounts, type AccountSummary } from '../../modules/auth/accountAdmin';
import type { CliCommand } from '../command';
import { parseCommandArgs } from '../parseArgs';
import { perform } from '../perform';
import { formatTable } from '../table';

export const usersList: CliCommand = {
  name: 'users list',
  summary: 'List the accounts: email, name, role, created',
  usage: 'users list [--json]',
  async run({ args, output, withTarget }) {
    const { values } = parseCommandArgs(args, { options: { json: { type: 'boolean' } } });
    const accounts = await withTarget((target) => perform<AccountSummary[]>(target, 'users.list', {}, (database) => listAccounts(database.db)));
    if (values.json) {
      output.out(JSON.stringify(accounts, null, 2));
      return 0;
    }
    if (!accounts.length) {
      output.err('wavelength: no accounts yet (wavelength users create <email> --admin makes one)');
      return 0;
    }
    const rows = accounts.map((a) => [a.email, a.name, a.role, `${a.created.slice(0, 16).replace('T', ' ')} UTC`]);
    output.out(formatTable(['EMAIL', 'NAME', 'ROLE', 'CREATED'], rows));
    return 0;
  },
};
