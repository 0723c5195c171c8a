import { z } from 'zod';
import { setAccountPassword } from '../../modules/auth/accountAccess';
import type { AdminOperation } from './operation';
import { parseParams } from './params';

const Params = z.object({ email: z.string(), password: z.string() });

/** Ends the user's sessions in this process, so its session cache forgets them at once (sessionCheckCache.ts). */
export const usersSetPassword: AdminOperation = {
  name: 'users.setPassword',
  run: ({ database }, params) => {
    const { email, password } = parseParams('users.setPassword', Params, params);
    return setAccountPassword(database, email, password);
  },
};
