import styled from 'styled-components';
import { GeneratedCover } from '../../../ui/cover/GeneratedCover';

const Frame = styled.div<{ $size?: number }>`
  position: relative;
  width: ${({ $size }) => ($size ? `${$size}px` : '100%')};
  aspect-ratio: 1;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  background: ${({ theme }) => theme.color.surfaceAlt};
  img,
  & > svg {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    border-radius: 0;
  }
`;

/** A playlist's cover image, or the cover generated from its name (the same wherever the playlist shows). */
export function PlaylistCover({ src, name, size }: { src: string | null; name: string; size?: number }) {
  return <Frame $size={size}>{src ? <img src={src} alt="" loading="lazy" decoding="async" /> : <GeneratedCover name={name} size={size ?? 180} />}</Frame>;
}
