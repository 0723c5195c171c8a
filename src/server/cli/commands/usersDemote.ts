import type { CliCommand } from '../command';
import { changeRole } from './setRole';

export const usersDemote: CliCommand = {
  name: 'users demote',
  summary: 'Make an admin a user again (never the last admin) and sign them out everywhere',
  usage: 'users demote <email>',
  run: (context) => changeRole(context, 'user'),
};
