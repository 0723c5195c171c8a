import { memo, useState } from 'react';
import styled from 'styled-components';
import { artworkSrc, type ArtworkSize } from '../../../contract/artwork';
import { GeneratedCover } from './GeneratedCover';
import { useOnScreenSrc } from './useOnScreenSrc';

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
  /** fetched only while on screen, cancelled when scrolled away before it arrived (the cards of a large grid) */
  onlyOnScreen?: boolean;
}

interface PictureProps {
  src: string;
  alt: string;
  size: number | undefined;
  drawn: number;
  round: boolean;
  onlyOnScreen: boolean;
  onFailed: () => void;
}

function Picture({ src, alt, size, drawn, round, onlyOnScreen, onFailed }: PictureProps) {
  const shown = useOnScreenSrc(src, onlyOnScreen);
  return (
    <Img
      ref={shown.ref}
      src={shown.src}
      alt={alt}
      width={drawn}
      height={drawn}
      $size={size}
      $round={round}
      loading="lazy"
      decoding="async"
      data-testid="artwork"
      onLoad={shown.onLoad}
      // a src taken away (scrolled off before it arrived) is no failure
      onError={(event) => {
        if (event.currentTarget.getAttribute('src')) onFailed();
      }}
    />
  );
}

/**
 * A song's, album's or artist's picture (docs/product.md §5.7): the server's thumbnail, or the cover
 * generated from the name when there is none or it fails to load.
 */
export const Artwork = memo(function Artwork({ url, name, thumb, size, round = false, alt = '', onlyOnScreen = false }: ArtworkProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <GeneratedCover name={name} size={size ?? thumb} round={round} />;
  const src = artworkSrc(url, thumb);
  // keyed by the address: a new picture starts over (not loaded, not yet on screen)
  return <Picture key={src} src={src} alt={alt} size={size} drawn={size ?? thumb} round={round} onlyOnScreen={onlyOnScreen} onFailed={() => setFailed(url)} />;
});
