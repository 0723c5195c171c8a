import styled from 'styled-components';
import { ListIcon } from '../../../ui/icons';

const Frame = styled.div<{ $size?: number }>`
  position: relative;
  width: ${({ $size }) => ($size ? `${$size}px` : '100%')};
  aspect-ratio: 1;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.accent}, ${({ theme }) => theme.color.surfaceAlt});
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.accentText};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  svg {
    width: 40%;
    height: 40%;
    opacity: 0.85;
  }
`;

/** A playlist's cover image, or a drawn placeholder. */
export function PlaylistCover({ src, size }: { src: string | null; size?: number }) {
  return <Frame $size={size}>{src ? <img src={src} alt="" loading="lazy" decoding="async" /> : <ListIcon />}</Frame>;
}
