import styled, { css } from 'styled-components';

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

/** A whole-window page with its content in the middle: the 404 page and the crash screen. */
export const CenteredPage = styled.main`
  display: grid;
  place-content: center;
  gap: ${({ theme }) => theme.space(4)};
  min-height: 100vh;
  text-align: center;
  padding: ${({ theme }) => theme.space(6)};
`;

/** A title line (strong) over a muted line (span), each cut with an ellipsis. */
export const twoLineText = css`
  strong,
  span {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;
