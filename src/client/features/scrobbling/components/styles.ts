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
