import styled from 'styled-components';

export { MutedNote as Muted, SettingsPart as Part } from '../../../ui/settingsParts';

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

export const ShowToggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  justify-self: start;
  min-height: 32px;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.accent};
  }
`;

export const Mono = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  overflow-wrap: anywhere;
`;

export const dateOnly = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
export const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
