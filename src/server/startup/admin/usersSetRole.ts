import { z } from 'zod';
import { setAccountRole } from '../../modules/auth/accountAccess';
import type { AdminOperation } from './operation';
import { parseParams } from './params';

const Params = z.object({ email: z.string(), role: z.enum(['user', 'admin']) });

export const usersSetRole: AdminOperation = {
  name: 'users.setRole',
  run: ({ database }, params) => {
    const { email, role } = parseParams('users.setRole', Params, params);
    return setAccountRole(database, email, role);
  },
};
