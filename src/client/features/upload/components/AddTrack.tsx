import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { Song } from '../../../../contract/songs';
import { selectIsAdmin } from '../../../shared/session';
import { Button } from '../../../ui/Button';
import { UploadIcon } from '../../../ui/icons';
import { UploadTrackDialog } from './UploadTrackDialog';

/** The admin's Add Track button and the upload dialog it opens (docs/product.md §5.4); nothing for other users. */
export function AddTrack({ onUploaded }: { onUploaded: (song: Song) => void }) {
  const isAdmin = useSelector(selectIsAdmin);
  const [open, setOpen] = useState(false);
  if (!isAdmin) return null;
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        <UploadIcon width={20} height={20} /> Add Track
      </Button>
      <UploadTrackDialog open={open} onClose={() => setOpen(false)} onUploaded={onUploaded} />
    </>
  );
}
