import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export const Button = styled.button<{ $variant?: Variant; $size?: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ $size }) => ($size === 'sm' ? '32px' : '44px')};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'sm' ? 3 : 5)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  transition:
    filter 0.15s,
    background 0.15s;
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.color.accent};
          color: ${theme.color.accentText};
        `;
      case 'danger':
        return css`
          background: ${theme.color.danger};
          color: #fff;
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.color.text};
        `;
      default:
        return css`
          background: ${theme.color.surfaceAlt};
          color: ${theme.color.text};
          border-color: ${theme.color.border};
        `;
    }
  }}
  &:hover:not(:disabled) {
    filter: brightness(1.08);
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

/** A round button holding an icon; always give it an aria-label. */
export const IconButton = styled.button<{ $active?: boolean; $size?: number }>`
  display: inline-grid;
  place-items: center;
  width: ${({ $size = 40 }) => $size}px;
  height: ${({ $size = 40 }) => $size}px;
  border-radius: 50%;
  border: none;
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.color.accent : theme.color.text)};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  &:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
  svg {
    width: 60%;
    height: 60%;
  }
`;
