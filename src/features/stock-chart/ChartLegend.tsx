import { formatNumber, formatPercentChange } from '../../core/format.ts';
import type { Translate } from '../../runtime/hooks.ts';
import type { LegendItem } from './stock-chart.utils.ts';

export interface ChartLegendProps {
  items: LegendItem[];
  onToggle(key: string): void;
  onRemove(key: string): void;
  t: Translate;
}

/**
 * The custom HTML legend (SPEC §2 chart widget, §3 "Legend item"): one entry per series with its
 * colour, a show/hide toggle (aria-pressed) and, for compared items, a link to its page and a
 * remove button. In compare mode each entry shows the average and the change over the window.
 */
export function ChartLegend({ items, onToggle, onRemove, t }: ChartLegendProps) {
  if (items.length === 0) return null;
  return (
    <ul className="sc__legend" part="legend" aria-label={t('chart:legend')}>
      {items.map((item) => (
        <li
          key={item.key}
          className={`sc__legend-item${item.visible ? '' : ' sc__legend-item--hidden'}`}
          part="legend-item"
          data-key={item.key}
          data-model={item.entity.model}
          aria-busy={item.loading || undefined}
        >
          <button
            type="button"
            className="sc__legend-toggle"
            aria-pressed={item.visible}
            title={t('chart:toggle_series')}
            onClick={() => onToggle(item.key)}
          >
            <span className="sc__swatch" style={{ background: item.color }} aria-hidden="true" />
            <span className="sc__legend-name" title={item.seriesName}>
              {item.seriesName}
            </span>
          </button>
          {item.entity.emitForRemove ? (
            <a
              className="sc__legend-link"
              href={item.pageLink}
              aria-label={t('chart:open_page').replace('{name}', item.seriesName)}
              title={t('chart:open_page').replace('{name}', item.seriesName)}
            >
              <span aria-hidden="true">↗</span>
            </a>
          ) : null}
          {item.loading ? <span className="sc__legend-stats">{t('common:loading')}</span> : null}
          {item.stats ? (
            <span className="sc__legend-stats" data-field="stats">
              <span>
                {t('chart:average')}: <span data-field="average">{formatNumber(item.stats.average)}</span>
              </span>{' '}
              <span className={`sc__change sc__change--${Math.sign(item.stats.change)}`}>
                <span data-field="change">{formatPercentChange(item.stats.change)}</span>
              </span>
            </span>
          ) : null}
          {item.entity.emitForRemove ? (
            <button
              type="button"
              className="sc__legend-remove"
              aria-label={t('chart:remove_series').replace('{name}', item.seriesName)}
              title={t('chart:remove_series').replace('{name}', item.seriesName)}
              onClick={() => onRemove(item.key)}
            >
              <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
                <path d="M2 2l8 8M10 2L2 10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
