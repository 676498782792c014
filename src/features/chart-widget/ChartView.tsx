import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { displayDateFromSeconds } from '../../contract/calendar.ts';
import type { ChartResponse, ChartSeries, LinePoint, MapPoint } from '../../contract/chart-widget.ts';
import { paletteColor } from '../../contract/palette.ts';
import type { Lang } from '../../contract/types.ts';
import { formatNumber } from '../../core/format.ts';
import type { Translate } from '../../runtime/hooks.ts';
import {
  PriceChart,
  type ChartPoint,
  type LineSeriesInput,
  type PriceChartView,
} from '../../widgets/chart/index.ts';
import {
  ExportMenu,
  LOGO_HEIGHT,
  LOGO_WIDTH,
  drawLogo,
  type ExportDrawing,
  useExportMenu,
} from '../../widgets/export/index.ts';
import { MapView } from './MapView.tsx';
import { fitTrend, TREND_KINDS, type TrendKind } from './chart-widget.trend.ts';
import { FONT_SIZE, nextFontSize } from './chart-widget.view.ts';
import {
  canUndo,
  clearSelection,
  createDeletePoints,
  isSelected,
  removeSelected,
  togglePoint,
  undoRemove,
} from './delete-points.ts';

export const OVERTURN_HEIGHT = 200;

export interface ChartViewProps {
  response: ChartResponse;
  t: Translate;
  lang: Lang;
  title: string;
  height: number;
  overturnChart: boolean;
  showLogo: boolean;
}

interface LegendEntry {
  field: string;
  name: string;
  color: string;
  pageLink: string | null;
  visible: boolean;
}

/** A series' points as the chart draws them: ms, gaps (null) left out. */
function linePoints(data: readonly LinePoint[]): ChartPoint[] {
  return data.filter((point): point is [number, number] => point[1] !== null).map(([s, v]) => [s * 1000, v]);
}

/** The watermark (SPEC §9: 185×40) over the chart's bottom-right corner, drawn as the exports draw it. */
function Watermark() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = LOGO_WIDTH * ratio;
    element.height = LOGO_HEIGHT * ratio;
    ctx.scale(ratio, ratio);
    drawLogo(ctx, 0, 0, 0.85);
  }, []);
  return (
    <canvas
      ref={canvas}
      className="fcw-watermark"
      part="watermark"
      width={LOGO_WIDTH}
      height={LOGO_HEIGHT}
      aria-hidden="true"
      data-logo="shown"
    />
  );
}

export function ChartView({ response, t, lang, title, height, overturnChart, showLogo }: ChartViewProps) {
  const ids = useId();
  const [fontSize, setFontSize] = useState<number>(FONT_SIZE.initial);
  const [logo, setLogo] = useState(showLogo);
  const [trend, setTrend] = useState<TrendKind>('not_selected');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [deleteMode, setDeleteMode] = useState(false);
  const [tableOpen, setTableOpen] = useState(false);
  /** The series as the user edited them (delete-points mode): selection, removals, undo. */
  const [edit, setEdit] = useState(() => createDeletePoints(response.series as ChartSeries[]));
  // A new answer (another period) starts clean: its series and points are other ones.
  const [answer, setAnswer] = useState(response);
  if (answer !== response) {
    setAnswer(response);
    setHidden(new Set());
    setRemoved(new Set());
    setEdit(createDeletePoints(response.series as ChartSeries[]));
  }
  const mainExport = useRef<(() => ExportDrawing) | null>(null);
  const overturnExport = useRef<(() => ExportDrawing) | null>(null);

  const isMap = response.graph_type === 'map';
  const allSeries = response.series as ChartSeries[];
  const legend: LegendEntry[] = allSeries
    .map((series, index) => ({
      field: series.field,
      name: series.name,
      color: series.color ?? paletteColor(index),
      pageLink: series.pageLink ?? null,
      visible: !hidden.has(series.field),
    }))
    .filter((entry) => !removed.has(entry.field));
  const mainField = response.graph_type === 'line' ? response.series[0]?.field : undefined;
  const edited = edit.series;

  const lineSeries = useMemo((): LineSeriesInput[] => {
    if (isMap) return [];
    return edited
      .map((series, index): LineSeriesInput | null =>
        removed.has(series.field)
          ? null
          : {
              id: series.field,
              name: series.name,
              color: series.color ?? paletteColor(index),
              data: linePoints(series.data as LinePoint[]),
              visible: !hidden.has(series.field),
            },
      )
      .filter((series): series is LineSeriesInput => series !== null);
  }, [isMap, edited, removed, hidden]);

  // SPEC §4: the trend is added again whenever the trend or the data changes.
  const trends = useMemo(() => {
    const lines: LineSeriesInput[] = [];
    const impossible: Array<{ name: string; reason: 'too_few' | 'non_positive' }> = [];
    if (trend === 'not_selected') return { lines, impossible };
    for (const series of lineSeries) {
      if (series.visible === false) continue;
      const fit = fitTrend(series.data, trend);
      if (fit.ok)
        lines.push({
          id: `${series.id}~trend`,
          name: `${series.name} (${t(`chart:trend_${trend}`)})`,
          color: series.color,
          data: fit.line,
        });
      else impossible.push({ name: series.name, reason: fit.reason });
    }
    return { lines, impossible };
  }, [lineSeries, trend, t]);

  const chartView = useMemo(
    (): PriceChartView => ({
      mode: 'line',
      series: [...lineSeries, ...trends.lines],
      valueAxis: 'values',
      tooltip: 'values',
      intraday: false,
      locale: lang,
      fontSize,
    }),
    [lineSeries, trends.lines, lang, fontSize],
  );
  const overturnView = useMemo(
    (): PriceChartView => ({ ...chartView, series: lineSeries.slice(0, 1), tooltip: 'none' }),
    [chartView, lineSeries],
  );

  const onPick = useCallback(
    (time: number) => {
      if (!deleteMode || !mainField) return;
      setEdit((state) => {
        const main = state.series.find((series) => series.field === mainField);
        const index = main ? main.data.findIndex((point) => point[0] * 1000 === time) : -1;
        return index < 0 ? state : togglePoint(state, { field: mainField, index });
      });
    },
    [deleteMode, mainField],
  );

  const getDrawing = (): ExportDrawing | null => {
    const main = mainExport.current?.();
    if (!main) return null;
    const below = overturnChart ? overturnExport.current?.() : undefined;
    if (!below) return main;
    return {
      width: Math.max(main.width, below.width),
      height: main.height + below.height,
      draw(ctx) {
        main.draw(ctx);
        ctx.save();
        ctx.translate(0, main.height);
        below.draw(ctx);
        ctx.restore();
      },
    };
  };
  const exportMenu = useExportMenu(t);

  const trendId = `${ids}-trend`;
  const trendNoteId = `${ids}-trend-note`;
  // The main series' trend in the table too: a screen reader gets the values the line shows.
  const mainTrend = useMemo(
    () => new Map(trends.lines.find((line) => line.id === `${mainField}~trend`)?.data ?? []),
    [trends.lines, mainField],
  );
  const mainSeries = isMap
    ? undefined
    : (edited as ChartSeries<LinePoint>[]).find(
        (series) => series.field === mainField && !removed.has(series.field),
      );

  return (
    <div
      className="fcw-view"
      style={{ '--fcw-font-size': `${fontSize}px` } as CSSProperties}
      data-font-size={fontSize}
      data-graph-type={response.graph_type}
    >
      <div className="fcw-toolbar" part="toolbar">
        {isMap ? null : (
          <span className="fcw-trend">
            <label htmlFor={trendId}>{t('chart:trend')}</label>
            <select
              id={trendId}
              value={trend}
              aria-describedby={trends.impossible.length ? trendNoteId : undefined}
              onChange={(event) => setTrend(event.target.value as TrendKind)}
            >
              {TREND_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`chart:trend_${kind}`)}
                </option>
              ))}
            </select>
            {trends.impossible.length ? (
              <span id={trendNoteId} className="fcw-trend-note" role="status" data-trend-note="">
                {trends.impossible
                  .map(({ name, reason }) =>
                    t(reason === 'too_few' ? 'chart:trend_too_few' : 'chart:trend_non_positive').replace(
                      '{name}',
                      name,
                    ),
                  )
                  .join(' ')}
              </span>
            ) : null}
          </span>
        )}
        <span className="fcw-font" role="group" aria-label={t('chart:font_size')}>
          <button
            type="button"
            title={t('chart:font_smaller')}
            disabled={fontSize <= FONT_SIZE.min}
            onClick={() => setFontSize((size) => nextFontSize(size, -1))}
          >
            {/* The name is the label; "A-" is only its picture. */}
            <span aria-hidden="true">A-</span>
            <span className="fin-visually-hidden">{t('chart:font_smaller')}</span>
          </button>
          <button
            type="button"
            title={t('chart:font_larger')}
            disabled={fontSize >= FONT_SIZE.max}
            onClick={() => setFontSize((size) => nextFontSize(size, 1))}
          >
            {/* The name is the label; "A+" is only its picture. */}
            <span aria-hidden="true">A+</span>
            <span className="fin-visually-hidden">{t('chart:font_larger')}</span>
          </button>
        </span>
        {isMap ? null : (
          <button
            type="button"
            className="fcw-delete-mode"
            aria-pressed={deleteMode}
            onClick={() => {
              // The table's checkboxes are the keyboard path to the points: open with the mode.
              if (!deleteMode) setTableOpen(true);
              setDeleteMode((on) => !on);
              setEdit((state) => clearSelection(state));
            }}
          >
            {t('chart:delete_points')}
          </button>
        )}
        <label className="fcw-logo">
          <input type="checkbox" checked={logo} onChange={(event) => setLogo(event.target.checked)} />
          {t('chart:show_logo')}
        </label>
        <ExportMenu
          getDrawing={getDrawing}
          options={{ fileName: 'chart', title, lang, logo }}
          {...exportMenu}
        />
      </div>
      {deleteMode && !isMap ? (
        <div className="fcw-delete" part="delete-bar">
          <span role="status" data-selected={edit.selected.length}>
            {t('chart:points_selected').replace('{count}', String(edit.selected.length))}
          </span>
          <button
            type="button"
            className="fcw-remove-points"
            disabled={edit.selected.length === 0}
            onClick={() => setEdit((state) => removeSelected(state))}
          >
            {t('chart:remove_points')}
          </button>
          <button
            type="button"
            className="fcw-undo"
            disabled={!canUndo(edit)}
            onClick={() => setEdit((state) => undoRemove(state))}
          >
            {t('chart:undo')}
          </button>
          <span className="fcw-hint">{t('chart:delete_hint')}</span>
        </div>
      ) : null}
      <div className="fcw-plot" part="plot">
        {isMap && response.graph_type === 'map' ? (
          <MapView
            series={(edited as ChartSeries<MapPoint>[]).filter((series) => !removed.has(series.field))}
            hidden={hidden}
            colors={Object.fromEntries(legend.map((entry) => [entry.field, entry.color]))}
            measure={response.measure}
            title={title}
            height={height}
            fontSize={fontSize}
            lang={lang}
            t={t}
            exportRef={mainExport}
          />
        ) : (
          <PriceChart
            view={chartView}
            height={height}
            ariaLabel={title}
            onPick={onPick}
            exportRef={mainExport}
          />
        )}
        {logo ? <Watermark /> : null}
      </div>
      {legend.length ? (
        <ul className="fcw-legend" part="legend" aria-label={t('chart:legend')}>
          {legend.map((entry) => (
            <li
              key={entry.field}
              className="fcw-legend-item"
              data-field={entry.field}
              data-visible={entry.visible}
            >
              <button
                type="button"
                className="fcw-legend-toggle"
                aria-pressed={entry.visible}
                title={t('chart:toggle_series')}
                onClick={() =>
                  setHidden((current) => {
                    const next = new Set(current);
                    if (next.has(entry.field)) next.delete(entry.field);
                    else next.add(entry.field);
                    return next;
                  })
                }
              >
                <span className="fcw-swatch" style={{ background: entry.color }} aria-hidden="true" />
                <span>{entry.name}</span>
              </button>
              {entry.pageLink ? (
                <a
                  className="fcw-legend-link"
                  href={entry.pageLink}
                  aria-label={t('chart:open_page').replace('{name}', entry.name)}
                  title={t('chart:open_page').replace('{name}', entry.name)}
                >
                  <span aria-hidden="true">↗</span>
                </a>
              ) : null}
              <button
                type="button"
                className="fcw-legend-remove"
                aria-label={t('chart:remove_from_chart').replace('{name}', entry.name)}
                title={t('chart:remove_from_chart').replace('{name}', entry.name)}
                onClick={() => setRemoved((current) => new Set([...current, entry.field]))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {overturnChart && !isMap ? (
        <div className="fcw-overturn" part="overturn">
          <PriceChart
            view={overturnView}
            height={OVERTURN_HEIGHT}
            ariaLabel={`${t('chart:overturn_chart')}: ${title}`}
            exportRef={overturnExport}
          />
        </div>
      ) : null}
      {!isMap && mainSeries ? (
        <details
          className="fcw-table"
          part="data-table"
          open={tableOpen}
          onToggle={(event) => setTableOpen(event.currentTarget.open)}
        >
          <summary>{t('chart:data_table')}</summary>
          {/* Rows only while open: a long series would cost its whole table on every change. */}
          {tableOpen ? (
            <table>
              <caption>{mainSeries.name}</caption>
              <thead>
                <tr>
                  {deleteMode ? <th scope="col">{t('chart:select_point')}</th> : null}
                  <th scope="col">{t('common:date')}</th>
                  <th scope="col">
                    {t('chart:value')}
                    {response.measure ? `, ${response.measure}` : ''}
                  </th>
                  {mainTrend.size ? <th scope="col">{t(`chart:trend_${trend}`)}</th> : null}
                </tr>
              </thead>
              <tbody>
                {mainSeries.data.map(([seconds, value], index) => {
                  if (value === null) return null;
                  const date = displayDateFromSeconds(seconds);
                  const ref = { field: mainSeries.field, index };
                  return (
                    <tr key={seconds} data-time={seconds * 1000}>
                      {deleteMode ? (
                        <td>
                          <input
                            type="checkbox"
                            aria-label={`${t('chart:select_point')} ${date}`}
                            checked={isSelected(edit, ref)}
                            onChange={() => setEdit((state) => togglePoint(state, ref))}
                          />
                        </td>
                      ) : null}
                      <th scope="row">{date}</th>
                      <td>{formatNumber(value)}</td>
                      {mainTrend.size ? (
                        <td data-trend={mainTrend.get(seconds * 1000)}>
                          {formatNumber(mainTrend.get(seconds * 1000) ?? NaN)}
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}
