import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { isRadioSource, selectPlayer } from '../../../shared/player';
import { radioActions, selectRadio } from '../radioSlice';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  font-size: 0.85rem;
  min-width: 0;
`;
const OnAir = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.success};
  }
`;
const What = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * docs/product.md §4.4: for a listener who is not on the radio while it is on air, a quiet line with
 * what it plays and Tune in (the radio page has its own Listen live, so not there).
 */
export function OnAirNotice() {
  const dispatch = useDispatch();
  const radio = useSelector(selectRadio);
  const player = useSelector(selectPlayer);
  const track = radio.currentTrack;
  if (!radio.isRadioActive || !track || isRadioSource(player) || radio.onRadioPage) return null;
  return (
    <Row>
      <OnAir role="status">Radio is on air</OnAir>
      <What>
        {track.title} · {track.artist}
      </What>
      <Button type="button" $variant="secondary" $size="sm" onClick={() => dispatch(radioActions.listenRequested())}>
        Tune in
      </Button>
    </Row>
  );
}
