import { useState } from 'react';
import styled from 'styled-components';
import type { Share, ShareKind } from '../../../../contract/shares';
import { Button, IconButton } from '../../../ui/Button';
import { icon } from '../../../ui/icon';
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

const ShareIcon = /*#__PURE__*/ icon(
  'M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11c.54.5 1.25.81 2.04.81 1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3c0 .24.04.47.09.7L8.04 9.81C7.5 9.31 6.79 9 6 9c-1.66 0-3 1.34-3 3s1.34 3 3 3c.79 0 1.5-.31 2.04-.81l7.12 4.16c-.05.21-.08.43-.08.65 0 1.61 1.31 2.92 2.92 2.92 1.61 0 2.92-1.31 2.92-2.92s-1.31-2.92-2.92-2.92z',
);

export interface ShareButtonProps {
  kind: ShareKind;
  /** the song ids, or the album's or playlist's id */
  ids: string[];
  /** what is shared, for the dialog's title */
  name: string;
  disabled?: boolean;
  /** a song row's icon button (`Share {name}`) of `size` pixels instead of the header's `Share` */
  compact?: boolean;
  size?: number;
}

/** docs/product.md §2.16: Share opens the dialog that makes a link, then shows it with Copy. */
export function ShareButton({ kind, ids, name, disabled, compact, size }: ShareButtonProps) {
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
      {compact ? (
        <IconButton type="button" aria-label={`Share ${name}`} $size={size} disabled={disabled} onClick={() => setOpen(true)}>
          <ShareIcon width={20} height={20} />
        </IconButton>
      ) : (
        <Button type="button" $variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
          Share
        </Button>
      )}
      {/* mounted only while open: a long song list carries no dialog per row */}
      {open ? (
        <Dialog open title={`Share “${name}”`} onClose={close}>
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
      ) : null}
    </>
  );
}
