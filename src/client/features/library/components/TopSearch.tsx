import styled from 'styled-components';

const Box = styled.div`
  flex: 1;
  max-width: 520px;
  input {
    width: 100%;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(4)};
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
  }
`;

// The dropdown of results is built with the library issue.
export function TopSearch() {
  return (
    <Box role="search">
      <input type="search" aria-label="Search songs" placeholder="Search songs or artists" />
    </Box>
  );
}
