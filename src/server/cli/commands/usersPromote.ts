import type { CliCommand } from '../command';
import { changeRole } from './setRole';

export const usersPromote: CliCommand = {
  name: 'users promote',
  summary: 'Make an account an admin',
  usage: 'users promote <email>',
  run: (context) => changeRole(context, 'admin'),
};
