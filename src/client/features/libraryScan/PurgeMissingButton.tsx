import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorMessage } from '../../ui/Page';
import { toastShown } from '../../ui/toast/toastSlice';
import { usePurgeMissingSongsMutation } from './libraryScanApi';

const PURGE_CONFIRM = 'Are you sure you want to remove the missing songs? Their likes, plays and playlist entries are deleted too.';

export const songCount = (n: number) => `${n.toLocaleString()} missing ${n === 1 ? 'song' : 'songs'}`;

const errorMessage = (error: unknown) => (error as { message?: string }).message ?? 'Could not remove the missing songs';

/** docs/product.md §2.10, §5.6: Remove missing songs asks first, then says how many went, or the server's reason (409 while a scan runs). */
export function PurgeMissingButton({ total }: { total: number }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [purge, { isLoading }] = usePurgeMissingSongsMutation();
  const dispatch = useDispatch();

  const confirm = async () => {
    try {
      const { purged } = await purge().unwrap();
      setError(null);
      dispatch(toastShown(`Removed ${songCount(purged)}`, 'success'));
    } catch (failure) {
      setError(errorMessage(failure));
    }
    setAsking(false);
  };
  return (
    <>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      <div>
        <Button type="button" $variant="danger" onClick={() => setAsking(true)} disabled={isLoading}>
          Remove missing songs
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`Remove ${songCount(total)}?`}
        message={PURGE_CONFIRM}
        confirmLabel="Remove"
        danger
        busy={isLoading}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      />
    </>
  );
}
