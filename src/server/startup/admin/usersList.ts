import { listAccounts } from '../../modules/auth/accountAdmin';
import type { AdminOperation } from './operation';

export const usersList: AdminOperation = {
  name: 'users.list',
  run: ({ database }) => listAccounts(database.db),
};
