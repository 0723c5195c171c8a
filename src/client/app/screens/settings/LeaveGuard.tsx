import { useEffect } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useNavigationBlocker } from '../../navigation/NavigationGuard';

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

/**
 * docs/product.md §2.10: leaving Settings with unsaved changes asks first: an in-app dialog (Stay,
 * Leave without saving) for a link, a Back or a search in the app, the browser's own question for
 * closing or reloading the tab.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  useBeforeUnload(when);
  const blocker = useNavigationBlocker(when);
  return (
    <Dialog open={blocker.blocked} title="Leave without saving?" onClose={blocker.reset}>
      <p>Your changes to Settings are not saved yet. If you leave now, they are lost.</p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={blocker.proceed}>
          Leave without saving
        </Button>
        <Button type="button" onClick={blocker.reset} autoFocus>
          Stay
        </Button>
      </Actions>
    </Dialog>
  );
}
