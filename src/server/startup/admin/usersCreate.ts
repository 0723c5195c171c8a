import { z } from 'zod';
import { createAccount } from '../../modules/auth/accountAdmin';
import type { AdminOperation } from './operation';
import { parseParams } from './params';

const Params = z.object({
  email: z.string(),
  name: z.string().optional(),
  password: z.string(),
  role: z.enum(['user', 'admin']),
});

export const usersCreate: AdminOperation = {
  name: 'users.create',
  run: ({ database }, params) => createAccount(database, parseParams('users.create', Params, params)),
};
