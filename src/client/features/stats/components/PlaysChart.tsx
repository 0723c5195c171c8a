import styled from 'styled-components';
import type { DailyPlays } from '../../../../contract/stats';

const Figure = styled.figure`
  margin: 0;
  svg {
    width: 100%;
    height: auto;
    display: block;
    overflow: visible;
  }
  figcaption {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

const WIDTH = 560;
const HEIGHT = 160;
const PAD_BOTTOM = 22;
const PAD_TOP = 16;

function dayLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day}/${month}`;
}

/** The listener's plays per day as SVG bars (no chart library): one bar a day, labelled, with a text summary. */
export function PlaysChart({ days }: { days: DailyPlays[] }) {
  const max = Math.max(1, ...days.map((d) => d.plays));
  const total = days.reduce((sum, d) => sum + d.plays, 0);
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(4, slot * 0.6);
  const usable = HEIGHT - PAD_BOTTOM - PAD_TOP;
  const summary = `${total} ${total === 1 ? 'play' : 'plays'} in the last ${days.length} days`;
  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Plays per day: ${summary}`}>
        <line x1={0} x2={WIDTH} y1={HEIGHT - PAD_BOTTOM} y2={HEIGHT - PAD_BOTTOM} stroke="currentColor" strokeOpacity={0.25} />
        {days.map((d, i) => {
          const h = (d.plays / max) * usable;
          const x = i * slot + (slot - barWidth) / 2;
          const y = HEIGHT - PAD_BOTTOM - h;
          return (
            <g key={d.date} data-testid="plays-bar" data-plays={d.plays}>
              <title>{`${d.date}: ${d.plays} ${d.plays === 1 ? 'play' : 'plays'}`}</title>
              <rect
                x={x}
                y={d.plays > 0 ? y : HEIGHT - PAD_BOTTOM - 2}
                width={barWidth}
                height={d.plays > 0 ? Math.max(2, h) : 2}
                rx={3}
                fill="currentColor"
                fillOpacity={d.plays > 0 ? 0.9 : 0.2}
              />
              {d.plays > 0 ? (
                <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" fontSize={11} fill="currentColor">
                  {d.plays}
                </text>
              ) : null}
              {(days.length - 1 - i) % 2 === 0 ? (
                <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={10} fill="currentColor" fillOpacity={0.7}>
                  {dayLabel(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>{summary}</figcaption>
    </Figure>
  );
}
