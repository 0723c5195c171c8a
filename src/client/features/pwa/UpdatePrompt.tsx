import { useSelector } from 'react-redux';
import styled, { ThemeProvider } from 'styled-components';
import { OFFLINE_MESSAGES } from '../../../contract/offlineMessages';
import { selectTheme } from '../../shared/settings';
import { Button } from '../../ui/Button';
import { themes } from '../../ui/theme';

const Bar = styled.div`
  position: fixed;
  left: 50%;
  bottom: ${({ theme }) => theme.layout.playerHeight + 16}px;
  transform: translateX(-50%);
  z-index: 60;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  max-width: calc(100vw - 32px);
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border-left: 4px solid ${({ theme }) => theme.color.accent};
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
`;

/** "A new version of Wavelength is ready." with its one action; it stays until the user reloads. */
export function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  const theme = useSelector(selectTheme);
  return (
    <ThemeProvider theme={themes[theme]}>
      <Bar role="status">
        <span>{OFFLINE_MESSAGES.updateReady}</span>
        <Button type="button" onClick={onUpdate}>
          {OFFLINE_MESSAGES.reloadToUpdate}
        </Button>
      </Bar>
    </ThemeProvider>
  );
}
