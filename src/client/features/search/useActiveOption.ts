import { useCallback, useState } from 'react';

export interface ActiveOption {
  /** index of the active option in `ids`, or -1 */
  index: number;
  /** ArrowDown (+1) or ArrowUp (-1), wrapping round; from no active option, the first or the last */
  move: (step: 1 | -1) => void;
  select: (index: number) => void;
  clear: () => void;
}

/**
 * The active option of a listbox, held by its id so it stays on the same item while results
 * refresh, and is gone when its item is.
 */
export function useActiveOption(ids: readonly string[]): ActiveOption {
  const [activeId, setActiveId] = useState<string | null>(null);
  const index = activeId === null ? -1 : ids.indexOf(activeId);
  const move = useCallback(
    (step: 1 | -1) => {
      if (ids.length === 0) return;
      const next = index < 0 ? (step === 1 ? 0 : ids.length - 1) : (index + step + ids.length) % ids.length;
      setActiveId(ids[next]);
    },
    [ids, index],
  );
  const select = useCallback((i: number) => setActiveId(ids[i] ?? null), [ids]);
  const clear = useCallback(() => setActiveId(null), []);
  return { index, move, select, clear };
}
