import styled from 'styled-components';

/** One part of a settings section: a heading over a column of blocks. */
export const SettingsPart = styled.div`
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

export const MutedNote = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;

/** A checkbox or radio beside its label and, in a `small`, what it does. */
export const CheckRow = styled.label`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.color.accent};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** A secret or a link to copy: its read-only field in monospace, its buttons beside it (below on a phone). */
export const CopyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  input {
    flex: 1 1 220px;
    min-width: 0;
    font-family: ${({ theme }) => theme.font.mono};
  }
`;

/** A field over its button; the button keeps its own width. */
export const InlineForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 560px;
  > button {
    justify-self: start;
  }
`;

export const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;
