/**
 * A report line across its periods as bars from a zero line (figures can be negative), drawn
 * as a small SVG: a few periods do not need the chart library. The values also come as a table
 * (the chart's text alternative, and the exact figures for everyone).
 */
import { useId } from 'react';
import type { Translate } from '../../../runtime/hooks.ts';
import { figure, figureDecimals, label } from './analysis-text.ts';
import type { LineHistory } from './line-history.ts';

const WIDTH = 560;
const HEIGHT = 220;
const PAD = { top: 22, right: 8, bottom: 30, left: 8 };
/** Above this many periods only every other one is titled under the axis (they would overlap). */
const ALL_TITLES_UP_TO = 6;

export interface BarGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

/** Bars of the points in order, null where a value is not reported; y grows downwards. */
export function barGeometry(values: readonly (number | null)[]): {
  bars: (BarGeometry | null)[];
  zeroY: number;
} {
  const known = values.filter((value): value is number => value !== null);
  const max = Math.max(0, ...known);
  const min = Math.min(0, ...known);
  const span = max - min || 1;
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((max - value) / span) * plot;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(values.length, 1);
  const zeroY = y(0);
  const bars = values.map((value, i) => {
    if (value === null) return null;
    const top = Math.min(y(value), zeroY);
    return {
      x: PAD.left + slot * i + slot * 0.2,
      y: top,
      width: slot * 0.6,
      // A zero or tiny value still shows as a hairline, so "0" is not mistaken for a gap.
      height: Math.max(Math.abs(y(value) - zeroY), 1),
      negative: value < 0,
    };
  });
  return { bars, zeroY };
}

export function LineHistoryChart({ history, t }: { history: LineHistory; t: Translate }) {
  const tableId = useId();
  const { bars, zeroY } = barGeometry(history.points.map((point) => point.value));
  // The bar titles and the table's column: one count of decimals for all the figures (issue 20).
  const decimals = figureDecimals(history.points.map((point) => point.value));
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(history.points.length, 1);
  const step = history.points.length > ALL_TITLES_UP_TO ? 2 : 1;
  // Title the newest period always: count the skipped ones from the right.
  const titled = (i: number) => (history.points.length - 1 - i) % step === 0;
  const vars = { line: history.title, dimension: history.dimension };

  return (
    <div className="an-history">
      <svg
        className="an-history__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label(t, 'issuer:analysis_history_chart', vars)}
        aria-describedby={tableId}
        part="history-chart"
      >
        <line className="an-history__zero" x1={PAD.left} x2={WIDTH - PAD.right} y1={zeroY} y2={zeroY} />
        {history.points.map((point, i) => {
          const bar = bars[i];
          const cx = PAD.left + slot * (i + 0.5);
          return (
            <g key={point.time} data-period={point.title}>
              {bar && (
                <rect
                  className={bar.negative ? 'an-history__bar an-history__bar--negative' : 'an-history__bar'}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                >
                  {/* The hover tooltip of every bar (above 6 periods only every other one is titled): the figure as the table shows it. */}
                  <title>{`${point.title}: ${figure(point.value)}`}</title>
                </rect>
              )}
              {bar && (
                <text
                  className="an-history__value"
                  x={cx}
                  y={bar.negative ? bar.y + bar.height + 14 : bar.y - 5}
                >
                  {titled(i) ? figure(point.value, decimals) : ''}
                </text>
              )}
              {titled(i) && (
                <text className="an-history__period" x={cx} y={HEIGHT - 8}>
                  {point.title}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="an-history__table" id={tableId}>
        <caption className="fin-visually-hidden">{label(t, 'issuer:analysis_history_title', vars)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('issuer:analysis_period')}</th>
            <th scope="col">{label(t, 'issuer:analysis_value', vars)}</th>
          </tr>
        </thead>
        <tbody>
          {history.points.map((point) => (
            <tr key={point.time}>
              <th scope="row">{point.title}</th>
              <td>{point.value === null ? t('issuer:not_reported') : figure(point.value, decimals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
