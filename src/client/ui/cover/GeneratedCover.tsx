import { memo } from 'react';
import styled from 'styled-components';
import { coverArt } from './coverArt';

const Svg = styled.svg<{ $size: number; $round: boolean }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  flex: none;
  display: block;
  border-radius: ${({ $round, theme }) => ($round ? '50%' : theme.radius.md)};
`;

export interface GeneratedCoverProps {
  /** what the cover stands for: a song's "title artist", an album's or a playlist's name */
  name: string;
  size?: number;
  round?: boolean;
}

/** A cover drawn from a name; decorative (the title beside it says what it is). */
export const GeneratedCover = memo(function GeneratedCover({ name, size = 40, round = false }: GeneratedCoverProps) {
  const art = coverArt(name);
  return (
    <Svg viewBox="0 0 100 100" $size={size} $round={round} aria-hidden="true" focusable="false" data-testid="generated-cover" data-cover-name={name}>
      <rect width="100" height="100" fill={art.background} />
      {art.shapes.map((shape, i) =>
        shape.kind === 'circle' ? (
          <circle key={i} cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.color} opacity={0.85} />
        ) : (
          <rect key={i} x={-20} y={shape.y} width={140} height={shape.h} fill={shape.color} opacity={0.85} transform={`rotate(${shape.angle} 50 50)`} />
        ),
      )}
    </Svg>
  );
});
