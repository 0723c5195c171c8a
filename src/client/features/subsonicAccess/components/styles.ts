import styled from 'styled-components';

export { Buttons, InlineForm, MutedNote as Muted, SettingsPart as Part } from '../../../ui/settingsParts';

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
