import type { LoginBody, PublicUser, RegisterBody } from '../../../contract/auth';
import { login, logout, refresh, register } from './accountFlows';
import type { TrustedDevice } from './deviceCookie';
import { forgotPassword, resetPassword } from './passwordReset';
import type { AuthServiceDeps } from './serviceDeps';

export type AuthService = ReturnType<typeof createAuthService>;

/** Accounts and sessions (accountFlows.ts) and password resets (passwordReset.ts) over one set of dependencies. */
export function createAuthService(deps: AuthServiceDeps) {
  /** mail jobs under way; the app waits for them when it closes */
  const pending = new Set<Promise<void>>();
  const background = (job: Promise<void>) => {
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };
  return {
    register: (body: RegisterBody): Promise<PublicUser> => register(deps, body),
    login: (body: LoginBody, device: TrustedDevice | null = null) => login(deps, body, device),
    refresh: (token: string | undefined) => refresh(deps, token),
    logout: (token: string | undefined) => logout(deps, token),
    forgotPassword: (email: string, origin: string) => forgotPassword(deps, background, email, origin),
    resetPassword: (token: string, password: string) => resetPassword(deps, background, token, password),
    /** Resolves when every mail job started so far has finished. */
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
