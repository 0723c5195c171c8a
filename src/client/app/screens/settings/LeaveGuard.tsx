import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(6)};
`;

/** Closing or reloading the tab with unsaved changes: the browser asks (its own words). */
function useBeforeUnload(when: boolean) {
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers ask only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
}

function BlockedNavigation({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <Dialog open={blocker.state === 'blocked'} title="Leave without saving?" onClose={() => blocker.reset?.()}>
      <p>Your changes to Settings are not saved yet. If you leave now, they are lost.</p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
        <Button type="button" onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
      </Actions>
    </Dialog>
  );
}

/**
 * docs/product.md §2.10: leaving Settings with unsaved changes asks first: an in-app dialog (Stay,
 * Leave without saving) for a link in the app, the browser's own question for closing or reloading
 * the tab. In-app leaving needs the app's data router (useBlocker); under a plain router (some
 * component tests) only the tab is guarded.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  useBeforeUnload(when);
  return useContext(UNSAFE_DataRouterContext) ? <BlockedNavigation when={when} /> : null;
}
