import { createContext, useContext, useEffect, useState } from 'react';
import type { GuardedHistory } from './guardedHistory';

/** The app's guarded history; absent under a plain MemoryRouter (component tests), where nothing is held. */
export const NavigationGuardContext = createContext<Pick<GuardedHistory, 'block'> | null>(null);

export interface NavigationBlock {
  /** a navigation is waiting for the user's answer */
  blocked: boolean;
  proceed: () => void;
  reset: () => void;
}

/** While `when` holds, a navigation to another page waits until proceed() (or is dropped by reset()). */
export function useNavigationBlocker(when: boolean): NavigationBlock {
  const guard = useContext(NavigationGuardContext);
  const [pending, setPending] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!guard || !when) return;
    return guard.block((proceed) => setPending(() => proceed));
  }, [guard, when]);
  return {
    blocked: pending !== null,
    proceed: () => {
      setPending(null);
      pending?.();
    },
    reset: () => setPending(null),
  };
}
