import type { AdminOperation } from './operation';
import { backupOperation } from './backupOperation';
import { ping } from './ping';
import { scanStart } from './scanStart';
import { scanStatus } from './scanStatus';
import { usersCreate } from './usersCreate';
import { usersList } from './usersList';
import { usersSetPassword } from './usersSetPassword';
import { usersSetRole } from './usersSetRole';

/** What the control socket answers (docs/cli.md): one line per operation. */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  ping,
  usersList,
  usersCreate,
  usersSetPassword,
  usersSetRole,
  scanStart,
  scanStatus,
  backupOperation,
];

export const OPERATIONS_BY_NAME: ReadonlyMap<string, AdminOperation> = new Map(ADMIN_OPERATIONS.map((op) => [op.name, op]));
