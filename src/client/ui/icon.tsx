import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** An icon component drawing one 24 x 24 path in the current colour, hidden from screen readers. */
export function icon(path: string) {
  return function Icon(props: IconProps) {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
        <path d={path} />
      </svg>
    );
  };
}
