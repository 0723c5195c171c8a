import type { CliCommand } from '../command';
import { command as backup } from './backup';
import { command as moveToPostgres } from './moveToPostgres';
import { command as restore } from './restore';
import { scan } from './scan';
import { usersCreate } from './usersCreate';
import { usersDemote } from './usersDemote';
import { usersList } from './usersList';
import { usersPromote } from './usersPromote';
import { usersSetPassword } from './usersSetPassword';

/** Every command of the admin command line (docs/cli.md), in the order `--help` lists them: one line each. */
export const COMMANDS: readonly CliCommand[] = [usersList, usersCreate, usersSetPassword, usersPromote, usersDemote, scan, backup, restore, moveToPostgres];
