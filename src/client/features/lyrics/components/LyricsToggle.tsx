import type { Ref } from 'react';
import { IconButton } from '../../../ui/Button';
import { icon } from '../../../ui/icons';
import { LYRICS_TEXT } from '../lyricsText';

const LyricsIcon = /*#__PURE__*/ icon('M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z');

interface Props {
  open: boolean;
  onToggle: () => void;
  /** id of the panel it opens; named only while the panel is there (axe: aria-controls must name an element) */
  controls: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The player bar's Lyrics button: opens and closes the lyrics panel (docs/product.md §2.15). */
export function LyricsToggle({ open, onToggle, controls, ref }: Props) {
  return (
    <IconButton
      ref={ref}
      type="button"
      aria-label={LYRICS_TEXT.toggle}
      aria-pressed={open}
      aria-controls={open ? controls : undefined}
      $active={open}
      onClick={onToggle}
    >
      <LyricsIcon />
    </IconButton>
  );
}
