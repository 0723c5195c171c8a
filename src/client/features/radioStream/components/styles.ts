import styled from 'styled-components';

/** One part of the section: a heading over a column of blocks. */
export const Part = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 640px;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
