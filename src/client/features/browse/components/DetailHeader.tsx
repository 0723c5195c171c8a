import styled from 'styled-components';

/** The top of an album or artist page: big artwork beside the name and facts, stacked on phones. */
export const DetailHeader = styled.header`
  display: grid;
  grid-template-columns: minmax(160px, 300px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(6)};
  & > :first-child {
    width: 100%;
    height: auto;
    aspect-ratio: 1;
  }
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: clamp(1.5rem, 3vw, 2.5rem);
    overflow-wrap: anywhere;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.textMuted};
  }
  a {
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: 1fr;
    & > :first-child {
      max-width: 240px;
    }
  }
`;

export const DetailActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

export const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
  h2 {
    font-size: 1.25rem;
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;
