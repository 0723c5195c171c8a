import { memo, useState } from 'react';
import styled from 'styled-components';
import { artworkSrc, type ArtworkSize } from '../../../contract/artwork';
import { GeneratedCover } from './GeneratedCover';

const Img = styled.img<{ $size?: number; $round: boolean }>`
  display: block;
  flex: none;
  width: ${({ $size }) => ($size ? `${$size}px` : '100%')};
  height: ${({ $size }) => ($size ? `${$size}px` : 'auto')};
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${({ $round, theme }) => ($round ? '50%' : theme.radius.md)};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

export interface ArtworkProps {
  /** `/api/artwork/<hash>` (contract/artwork.ts), or null when there is none */
  url: string | null | undefined;
  /** what the generated cover is drawn from when there is no picture */
  name: string;
  /** the thumbnail asked for (the smallest at least as wide as the picture drawn) */
  thumb: ArtworkSize;
  /** drawn size in pixels; omitted, the picture fills its container's width */
  size?: number;
  round?: boolean;
  /** the picture's text; "" (decorative) where its title is beside it */
  alt?: string;
}

/**
 * A song's, album's or artist's picture (docs/product.md §5.7): the server's thumbnail, or the cover
 * generated from the name when there is none or it fails to load.
 */
export const Artwork = memo(function Artwork({ url, name, thumb, size, round = false, alt = '' }: ArtworkProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <GeneratedCover name={name} size={size ?? thumb} round={round} />;
  return (
    <Img
      src={artworkSrc(url, thumb)}
      alt={alt}
      width={size ?? thumb}
      height={size ?? thumb}
      $size={size}
      $round={round}
      loading="lazy"
      decoding="async"
      data-testid="artwork"
      onError={() => setFailed(url)}
    />
  );
});
