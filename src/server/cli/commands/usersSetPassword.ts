import { setAccountPassword } from '../../modules/auth/accountAccess';
import type { CliCommand } from '../command';
import { parseCommandArgs } from '../parseArgs';
import { choosePassword } from '../password';
import { perform } from '../perform';

export const usersSetPassword: CliCommand = {
  name: 'users set-password',
  summary: 'Set a password (from stdin, or made and printed once), sign the user out everywhere and revoke their Subsonic credentials',
  usage: 'users set-password <email> [--password-stdin]',
  async run(context) {
    const { positionals, values } = parseCommandArgs(context.args, { positionals: ['email'], options: { 'password-stdin': { type: 'boolean' } } });
    const { password, generated } = await choosePassword(context, values['password-stdin'] === true);
    const { email } = positionals;
    const done = await context.withTarget((target) =>
      perform<{ email: string }>(target, 'users.setPassword', { email, password }, (database) => setAccountPassword(database, email, password)),
    );
    context.output.out(`password of ${done.email} changed; their sessions are signed out and their Subsonic app password and API keys revoked`);
    if (generated) {
      context.output.out(`password: ${password}`);
      context.output.err('wavelength: the password is shown once');
    }
    return 0;
  },
};
