import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

const ITEMS = '[role="menuitem"]';

/** The index a key moves the focus to among `count` menuitems, wrapping at either end; null for other keys. */
export function menuKeyTarget(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A menu button (WAI-ARIA menu button pattern): opening focuses the first item (ArrowUp on the
 * button, the last); arrows move with wrap-around, Home and End; Escape closes and returns the
 * focus to the button; Tab and a click outside close.
 */
export function useMenuButton() {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    all[open === 'last' ? all.length - 1 : 0]?.focus();
    const closeOutside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const all = items();
    const target = menuKeyTarget(event.key, all.indexOf(document.activeElement as HTMLElement), all.length);
    if (target === null || all.length === 0) return;
    event.preventDefault();
    all[target].focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  return {
    open: Boolean(open),
    toggle: () => setOpen((o) => (o ? false : 'first')),
    show: () => setOpen('first'),
    close: () => setOpen(false),
    menuRef,
    buttonRef,
    onMenuKeyDown,
    onButtonKeyDown,
  };
}
