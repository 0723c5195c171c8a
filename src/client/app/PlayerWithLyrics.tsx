import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LyricsPanel, LyricsToggle } from '../features/lyrics';
import { PlayerBar } from '../features/player';
import { OnAirNotice } from '../features/radio';

const LYRICS_PANEL_ID = 'lyrics-panel';

/**
 * The player bar with its Lyrics button, and the lyrics panel that button opens over the page
 * (docs/product.md §2.15): over the radio page too, whose station the lyrics then follow. Going to
 * another page closes it; Escape in it closes it and gives the focus back to the button.
 */
export function PlayerWithLyrics() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const lyricsButton = <LyricsToggle ref={toggle} open={open} controls={LYRICS_PANEL_ID} onToggle={() => setOpen((o) => !o)} />;
  return (
    <>
      {open ? <LyricsPanel id={LYRICS_PANEL_ID} onClose={close} /> : null}
      <PlayerBar notice={<OnAirNotice />} actions={lyricsButton} />
    </>
  );
}
