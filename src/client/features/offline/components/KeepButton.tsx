import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { KEPT_MESSAGES } from '../../../../contract/keptMessages';
import { selectUser } from '../../../shared/session';
import type { KeepActionProps } from '../../../shared/songs';
import { Button, IconButton } from '../../../ui/Button';
import { toastShown } from '../../../ui/toast/toastSlice';
import { KeepIcon, KeptIcon } from './keepIcons';
import { outOfSync } from '../keepService';
import { startKeeping, stopKeeping } from '../keepJobs';
import { useKeptItem, useKeptRecords } from '../useKept';
import { keptItemKey } from '../../../shared/kept';

const RowButton = styled(IconButton)<{ $kept: boolean }>`
  &[aria-busy='true'] svg {
    opacity: 0.5;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    display: ${({ $kept }) => ($kept ? 'inline-grid' : 'none')};
  }
`;
const Failed = styled.span`
  align-self: center;
  color: ${({ theme }) => theme.color.danger};
`;

/**
 * docs/product.md §2.17: "Available offline" keeps the item's songs on this device, says how far it
 * is, and a second press removes them. A kept item whose page shows other songs (a playlist changed)
 * is kept again with them, the removed ones dropped.
 */
export function KeepButton(props: KeepActionProps) {
  return props.compact ? <KeepSongButton {...props} /> : <KeepItemButton {...props} />;
}

function useKeepToggle({ kind, id, name, songs }: KeepActionProps) {
  const { item, job } = useKeptItem(kind, id);
  const owner = useSelector(selectUser)?.id ?? null;
  const keeping = job?.state === 'keeping';
  const needsSync = !!item && !job && songs.length > 0 && outOfSync(item, songs);

  useEffect(() => {
    if (needsSync) startKeeping({ kind, id, name }, songs, owner);
  }, [needsSync, kind, id, name, songs, owner]);

  const label =
    job?.state === 'keeping' ? KEPT_MESSAGES.keeping(job.progress.done, job.progress.total) : item?.complete ? KEPT_MESSAGES.kept : KEPT_MESSAGES.keep;
  const onClick = () => {
    if (keeping) return;
    if (item?.complete) void stopKeeping(keptItemKey(kind, id));
    else startKeeping({ kind, id, name }, songs, owner);
  };
  return { item, job, keeping, pressed: !!item || keeping, label, onClick, disabled: songs.length === 0 && !item };
}

/** The labelled button of an album's, a playlist's or Liked Songs' page. */
function KeepItemButton(props: KeepActionProps) {
  const { job, keeping, pressed, label, onClick, disabled } = useKeepToggle(props);
  return (
    <>
      <Button type="button" $variant="secondary" aria-pressed={pressed} aria-busy={keeping} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
      {job?.state === 'failed' ? <Failed role="alert">{KEPT_MESSAGES.keepFailed(job.progress.done, job.progress.total)}</Failed> : null}
    </>
  );
}

/**
 * A song row's icon button (one song, kind `song`). A phone's row has no room for a fourth button:
 * there it shows only once the song is kept (to remove it); the album or playlist keeps songs there.
 */
function KeepSongButton(props: KeepActionProps) {
  const { item, job, keeping, pressed, label, onClick, disabled } = useKeepToggle(props);
  // kept with an album, a playlist or Liked Songs: on the device, removed with that item
  const records = useKeptRecords();
  const keptWithOther = !item && !keeping && !!records.songs[props.id];
  const dispatch = useDispatch();
  const failed = job?.state === 'failed';
  useEffect(() => {
    if (failed) dispatch(toastShown(KEPT_MESSAGES.keepFailed(0, 1), 'error'));
  }, [failed, dispatch]);
  return (
    <RowButton
      type="button"
      $size={props.size}
      $active={pressed}
      $kept={!!item || keptWithOther}
      aria-label={`${KEPT_MESSAGES.keep}: ${props.name}`}
      title={keptWithOther ? KEPT_MESSAGES.keptWithOther : label}
      aria-pressed={pressed || keptWithOther}
      aria-busy={keeping}
      disabled={disabled || keptWithOther}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {item?.complete || keptWithOther ? <KeptIcon /> : <KeepIcon />}
    </RowButton>
  );
}
