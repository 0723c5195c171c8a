import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.color.border};
  border-top-color: ${({ theme }) => theme.color.accent};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export function Spinner({ label = 'Loading', size = 28 }: { label?: string; size?: number }) {
  return <Ring role="status" aria-label={label} $size={size} />;
}

export const CenteredSpinner = styled.div`
  display: grid;
  place-items: center;
  min-height: 40vh;
`;

/** A spinner centred in the page area, while a page or its data loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <CenteredSpinner>
      <Spinner label={label} />
    </CenteredSpinner>
  );
}
