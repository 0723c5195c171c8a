import { useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import type { Share } from '../../../../contract/shares';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/Page';
import { MutedNote, SettingsPart } from '../../../ui/settingsParts';
import { toastShown } from '../../../ui/toast/toastSlice';
import { expiryText } from '../expiry';
import { errorText, useDeleteShareMutation, useGetSharesQuery, useUpdateShareMutation } from '../sharesApi';
import { ShareForm, type ShareFormValues } from './ShareForm';
import { ShareLink } from './ShareLink';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  li {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    padding-bottom: ${({ theme }) => theme.space(4)};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    min-width: 0;
  }
  h4 {
    margin: 0;
    overflow-wrap: anywhere;
  }
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;
const Facts = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const KIND = { song: 'Songs', album: 'Album', playlist: 'Playlist' } as const;
const visits = (n: number) => `${n} ${n === 1 ? 'visit' : 'visits'}`;

function ShareItem({ share, onEdit, onRevoke }: { share: Share; onEdit: () => void; onRevoke: () => void }) {
  return (
    <li data-testid="share-item">
      <h4>
        {KIND[share.kind]}: {share.name}
      </h4>
      {share.description ? <p>{share.description}</p> : null}
      <Facts>
        {visits(share.visitCount)} · {expiryText(share.expiresAt, share.expired)}
        {share.downloadable ? ' · downloads allowed' : ''}
      </Facts>
      <ShareLink url={share.url} label={`Link to ${share.name}`} />
      <Actions>
        <Button type="button" $variant="secondary" onClick={onEdit} aria-label={`Edit the share of ${share.name}`}>
          Edit
        </Button>
        <Button type="button" $variant="danger" onClick={onRevoke} aria-label={`Revoke the share of ${share.name}`}>
          Revoke
        </Button>
      </Actions>
    </li>
  );
}

/** The edit dialog of one share: description, expiry, downloads. */
function EditShareDialog({ share, onClose }: { share: Share | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const [update, updating] = useUpdateShareMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const save = async (editing: Share, { description, expiresAt, downloadable }: ShareFormValues) => {
    setProblem(null);
    try {
      await update({ id: editing.id, description, downloadable, ...(expiresAt === undefined ? {} : { expiresAt }) }).unwrap();
      close();
      dispatch(toastShown('Share updated', 'success'));
    } catch (error) {
      setProblem(errorText(error, 'Could not change the share'));
    }
  };
  return (
    <Dialog open={share !== null} title={share ? `Edit the share of “${share.name}”` : 'Edit share'} onClose={close}>
      {share ? (
        <ShareForm
          editing
          initial={{ description: share.description, downloadable: share.downloadable }}
          submitLabel="Save"
          busy={updating.isLoading}
          problem={problem}
          onSubmit={(values) => save(share, values)}
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}

/** Settings › Shares (docs/product.md §2.10): the user's share links, their visits and expiry; Edit, Revoke. */
export function SharesPanel() {
  const dispatch = useDispatch();
  const shares = useGetSharesQuery();
  const [revoke, revoking] = useDeleteShareMutation();
  const [editing, setEditing] = useState<Share | null>(null);
  const [revokingShare, setRevokingShare] = useState<Share | null>(null);
  const confirmRevoke = async (share: Share) => {
    try {
      await revoke(share.id).unwrap();
      dispatch(toastShown('Share revoked: the link no longer works', 'success'));
    } catch (error) {
      dispatch(toastShown(errorText(error, 'Could not revoke the share'), 'error'));
    }
    setRevokingShare(null);
  };

  const list = shares.data?.shares ?? [];
  return (
    <SettingsPart>
      <MutedNote>Links to songs, albums and playlists that anyone can open without an account. Share from an album or a playlist page.</MutedNote>
      {shares.isLoading ? (
        <p>Loading…</p>
      ) : shares.isError ? (
        <ErrorMessage>{errorText(shares.error, 'Could not read your shares')}</ErrorMessage>
      ) : list.length === 0 ? (
        <p>You have not shared anything yet.</p>
      ) : (
        <List aria-label="Your shares">
          {list.map((share) => (
            <ShareItem key={share.id} share={share} onEdit={() => setEditing(share)} onRevoke={() => setRevokingShare(share)} />
          ))}
        </List>
      )}
      <EditShareDialog share={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={revokingShare !== null}
        title="Revoke this share?"
        message="The link stops working at once for everyone who has it. This cannot be undone."
        confirmLabel="Revoke"
        danger
        busy={revoking.isLoading}
        onConfirm={() => revokingShare && confirmRevoke(revokingShare)}
        onCancel={() => setRevokingShare(null)}
      />
    </SettingsPart>
  );
}
