import styled from 'styled-components';

export const PlayerBarFrame = styled.footer`
  grid-area: player;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  height: ${({ theme }) => theme.layout.playerHeight}px;
  padding: 0 ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

// The controls are built with the player issue.
export function PlayerBar() {
  return <PlayerBarFrame aria-label="Player" />;
}
