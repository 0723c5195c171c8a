import { useState } from 'react';
import styled from 'styled-components';
import type { Share, ShareKind } from '../../../../contract/shares';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { errorText, useCreateShareMutation } from '../sharesApi';
import { ShareForm, type ShareFormValues } from './ShareForm';
import { ShareLink } from './ShareLink';

const Done = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  label {
    font-weight: 600;
  }
  div:last-child {
    display: flex;
    justify-content: flex-end;
  }
`;

export interface ShareButtonProps {
  kind: ShareKind;
  /** the song ids, or the album's or playlist's id */
  ids: string[];
  /** what is shared, for the dialog's title */
  name: string;
  disabled?: boolean;
}

/** docs/product.md §2.16: Share opens the dialog that makes a link, then shows it with Copy. */
export function ShareButton({ kind, ids, name, disabled }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<Share | null>(null);
  const [create, creating] = useCreateShareMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setMade(null);
    setProblem(null);
  };
  const submit = async ({ description, expiresAt, downloadable }: ShareFormValues) => {
    setProblem(null);
    try {
      const { share } = await create({ kind, ids, description, expiresAt: expiresAt ?? null, downloadable }).unwrap();
      setMade(share);
    } catch (error) {
      setProblem(errorText(error, 'Could not make the share link'));
    }
  };
  return (
    <>
      <Button type="button" $variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
        Share
      </Button>
      <Dialog open={open} title={`Share “${name}”`} onClose={close}>
        {made ? (
          <Done>
            <p>Anyone with this link can listen{made.downloadable ? ' and download' : ''}, without an account.</p>
            <ShareLink url={made.url} />
            <div>
              <Button type="button" onClick={close}>
                Done
              </Button>
            </div>
          </Done>
        ) : (
          <ShareForm
            initial={{ description: '', downloadable: false }}
            submitLabel="Create link"
            busy={creating.isLoading}
            problem={problem}
            onSubmit={submit}
            onCancel={close}
          />
        )}
      </Dialog>
    </>
  );
}
