import { createAccount, type AccountSummary } from '../../modules/auth/accountAdmin';
import type { CliCommand } from '../command';
import { parseCommandArgs } from '../parseArgs';
import { choosePassword } from '../password';
import { perform } from '../perform';

export const usersCreate: CliCommand = {
  name: 'users create',
  summary: "Create an account (the sign-up's rules); its password from stdin, or made and printed once",
  usage: 'users create <email> [--name NAME] [--admin] [--password-stdin]',
  async run(context) {
    const { positionals, values } = parseCommandArgs(context.args, {
      positionals: ['email'],
      options: { name: { type: 'string' }, admin: { type: 'boolean' }, 'password-stdin': { type: 'boolean' } },
    });
    const { password, generated } = await choosePassword(context, values['password-stdin'] === true);
    const input = {
      email: positionals.email,
      name: typeof values.name === 'string' ? values.name : undefined,
      password,
      role: values.admin ? ('admin' as const) : ('user' as const),
    };
    const account = await context.withTarget((target) =>
      perform<AccountSummary>(target, 'users.create', { ...input }, (database) => createAccount(database, input)),
    );
    context.output.out(`created ${account.role === 'admin' ? 'the admin' : 'the user'} ${account.email} (name ${account.name})`);
    if (generated) {
      context.output.out(`password: ${password}`);
      context.output.err('wavelength: the password is shown once: keep it, or change it in Settings');
    }
    return 0;
  },
};
