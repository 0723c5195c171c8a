import { useId } from 'react';
import styled from 'styled-components';
import { CROSSFADE_MAX_SECONDS, PREAMP_MAX_DB, PREAMP_MIN_DB, type ReplayGainMode, type SettingsState } from '../../../shared/settings';
import { Check, Fields, Panel, type SetSetting } from './SettingsPanels';

/** Both sliders move in half steps; rounding keeps 0.1 + 0.2 style drift out of the saved value. */
const STEP = 0.5;
const toStep = (value: number) => Math.round(value / STEP) * STEP;

/** "Off" at 0, else "4 s" / "4.5 s". */
export const crossfadeText = (seconds: number) => (seconds === 0 ? 'Off' : `${seconds} s`);

/** "0 dB", "+3.0 dB", "−6.0 dB" (a real minus sign). */
export const preampText = (db: number) => (db === 0 ? '0 dB' : `${db > 0 ? '+' : '\u2212'}${Math.abs(db).toFixed(1)} dB`);

const RangeRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  column-gap: ${({ theme }) => theme.space(3)};
  label {
    font-weight: 600;
  }
  output {
    font-variant-numeric: tabular-nums;
  }
  input {
    grid-column: 1 / -1;
    width: 100%;
    min-width: 0;
    /* easy to hit: at least 24 px tall (WCAG 2.5.8), like the player's sliders */
    height: 24px;
    margin: ${({ theme }) => theme.space(1)} 0 0;
    accent-color: ${({ theme }) => theme.color.accent};
    cursor: pointer;
  }
  input:disabled {
    cursor: default;
  }
  small {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.color.textMuted};
  }
  &[data-disabled='true'] label,
  &[data-disabled='true'] output {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

interface RangeFieldProps {
  label: string;
  hint: string;
  min: number;
  max: number;
  value: number;
  text: string;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/** A labelled slider whose value is shown beside its label and said the same way (aria-valuetext). */
function RangeField({ label, hint, min, max, value, text, disabled = false, onChange }: RangeFieldProps) {
  const id = useId();
  return (
    <RangeRow data-disabled={disabled}>
      <label htmlFor={id}>{label}</label>
      <output htmlFor={id} aria-hidden="true">
        {text}
      </output>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={STEP}
        value={value}
        aria-valuetext={text}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(e) => onChange(toStep(Number(e.target.value)))}
      />
      <small id={`${id}-hint`}>{hint}</small>
    </RangeRow>
  );
}

const MODES: readonly (readonly [ReplayGainMode, string, string])[] = [
  ['off', 'Off', 'Every file plays at the loudness it was mastered at.'],
  ['auto', 'Automatic', 'Album gain when an album plays in order, track gain otherwise.'],
  ['track', 'Track', 'Every song levelled on its own.'],
  ['album', 'Album', 'Whole albums levelled together, keeping their quiet and loud songs as mastered.'],
];

/** docs/product.md §2.14: crossfade, ReplayGain and preamp, kept in this browser with the page's Save; the player reads them at once. */
export function PlaybackPanel({ draft, set }: { draft: SettingsState; set: SetSetting }) {
  const p = draft.playback;
  return (
    <Panel id="settings-playback" title="Playback">
      <Fields>
        <RangeField
          label="Crossfade"
          hint="Tracks of the same album played in order are never crossfaded: they play gapless."
          min={0}
          max={CROSSFADE_MAX_SECONDS}
          value={p.crossfadeSeconds}
          text={crossfadeText(p.crossfadeSeconds)}
          onChange={(v) => set('playback', { crossfadeSeconds: v })}
        />
        <fieldset>
          <legend>ReplayGain</legend>
          {MODES.map(([mode, label, hint]) => (
            <Check key={mode}>
              <input
                type="radio"
                name="replay-gain-mode"
                value={mode}
                checked={p.replayGainMode === mode}
                onChange={() => set('playback', { replayGainMode: mode })}
              />
              <span>
                {label}
                <small>{hint}</small>
              </span>
            </Check>
          ))}
        </fieldset>
        <RangeField
          label="Preamp"
          hint={`Applies to files with ReplayGain tags only, on top of their gain.${p.replayGainMode === 'off' ? ' Turn ReplayGain on to use it.' : ''}`}
          min={PREAMP_MIN_DB}
          max={PREAMP_MAX_DB}
          value={p.preampDb}
          text={preampText(p.preampDb)}
          disabled={p.replayGainMode === 'off'}
          onChange={(v) => set('playback', { preampDb: v })}
        />
      </Fields>
    </Panel>
  );
}
