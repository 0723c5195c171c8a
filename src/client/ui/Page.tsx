import styled from 'styled-components';

export const Page = styled.section`
  padding: ${({ theme }) => theme.space(6)};
  max-width: 1280px;
  margin: 0 auto;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  font-size: clamp(1.5rem, 2.5vw, 2.25rem);
`;

export const ErrorMessage = styled.p.attrs({ role: 'alert' })`
  color: ${({ theme }) => theme.color.danger};
  margin: ${({ theme }) => theme.space(2)} 0;
`;

/** A page's title row: the h1 with the page's main actions beside it, wrapping on phones. */
export const PageHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1 {
    margin: 0;
  }
`;
