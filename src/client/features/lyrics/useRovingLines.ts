import { useState, type KeyboardEvent, type RefObject } from 'react';

const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_at, last) => last,
};

/**
 * One Tab stop for all the lines of a set (a roving tabindex), so Tab goes on to the player bar
 * instead of through every line: ↑/↓ move between the lines, Home/End to the first and last. The
 * stop is the line last focused, else the current one, else `first`.
 */
export function useRovingLines(scroller: RefObject<HTMLElement | null>, current: number, first: number) {
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? (current >= 0 ? current : first);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const move = MOVES[e.key];
    const buttons = Array.from(scroller.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const at = buttons.indexOf(e.target as HTMLButtonElement);
    if (!move || at < 0) return;
    e.preventDefault();
    buttons[move(at, buttons.length - 1)].focus();
  };
  return { tabStop, onKeyDown, onLineFocus: setFocused };
}
