import { useId, useMemo, useState, type FormEvent } from 'react';
import type { AddedPoint, ChartSeries, MapPoint } from '../../contract/chart-widget.ts';
import type { Lang } from '../../contract/types.ts';
import { formatNumber } from '../../core/format.ts';
import type { Translate } from '../../runtime/hooks.ts';
import type { ExportDrawing } from '../../widgets/export/index.ts';
import { MapChart, type MapView as MapChartView } from '../../widgets/chart/index.ts';
import { checkAddedPoint, type AddedPointErrors, type AddedPointInput } from './added-points.ts';

/** The colour of the points the user adds (SPEC §3 Added point): the palette's last. */
export const ADDED_POINTS_COLOR = '#ff6f61';
export const ADDED_POINTS_FIELD = '~added';

export interface MapViewProps {
  series: ChartSeries<MapPoint>[];
  hidden: ReadonlySet<string>;
  colors: Record<string, string>;
  measure: string;
  title: string;
  height: number;
  fontSize: number;
  lang: Lang;
  t: Translate;
  exportRef: { current: (() => ExportDrawing) | null };
}

const EMPTY_INPUT: AddedPointInput = { duration: '', yield: '', pointName: '' };

/**
 * Map mode (SPEC §2): the bond map with its labels toggle, a small form that adds the user's own
 * points (duration, yield, pointName; checked by added-points.ts) and the points as a table, the
 * map's accessible alternative.
 */
export function MapView({
  series,
  hidden,
  colors,
  measure,
  title,
  height,
  fontSize,
  lang,
  t,
  exportRef,
}: MapViewProps) {
  const ids = useId();
  const [showLabels, setShowLabels] = useState(true);
  const [added, setAdded] = useState<AddedPoint[]>([]);
  const [input, setInput] = useState<AddedPointInput>(EMPTY_INPUT);
  const [errors, setErrors] = useState<AddedPointErrors>({});
  const [tableOpen, setTableOpen] = useState(false);

  const view = useMemo((): MapChartView => {
    const own = added.length
      ? [
          {
            id: ADDED_POINTS_FIELD,
            name: t('chart:added_points'),
            color: ADDED_POINTS_COLOR,
            points: added.map((point) => ({ x: point.duration, y: point.yield, label: point.pointName })),
            visible: true,
          },
        ]
      : [];
    return {
      // The user's points first: their labels win a crowded spot.
      series: [
        ...own,
        ...series.map((item) => ({
          id: item.field,
          name: item.name,
          color: colors[item.field] ?? '#1d5fbf',
          points: item.data.map(([x, y, label]) => ({ x, y, label })),
          visible: !hidden.has(item.field),
        })),
      ],
      showLabels,
      xTitle: t('chart:duration_years'),
      yTitle: `${t('chart:yield')}${measure ? `, ${measure}` : ''}`,
      fontSize,
    };
  }, [added, series, colors, hidden, showLabels, measure, fontSize, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAddedPoint(input, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setAdded((points) => [...points, checked.point]);
    setInput(EMPTY_INPUT);
  };

  const field = (name: keyof AddedPointInput, label: string, mode: 'decimal' | 'text') => {
    const id = `${ids}-${name}`;
    const error = errors[name];
    return (
      <span className="fcw-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          inputMode={mode}
          value={input[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setInput({ ...input, [name]: event.target.value })}
        />
        {error ? (
          <span id={`${id}-error`} className="fcw-field-error" data-error={name}>
            {t(`chart:${error}`)}
          </span>
        ) : null}
      </span>
    );
  };

  const rows = view.series
    .filter((item) => item.visible)
    .flatMap((item) => item.points.map((point) => ({ item, point })));

  return (
    <div className="fcw-map">
      <div className="fcw-map-tools">
        <label className="fcw-labels-toggle">
          <input
            type="checkbox"
            checked={showLabels}
            onChange={(event) => setShowLabels(event.target.checked)}
          />
          {t('chart:point_labels')}
        </label>
        <form className="fcw-add-point" onSubmit={submit} noValidate aria-label={t('chart:add_point')}>
          {field('duration', t('chart:duration_years'), 'decimal')}
          {field('yield', t('chart:yield'), 'decimal')}
          {field('pointName', t('chart:point_name'), 'text')}
          <button type="submit">{t('chart:add_point')}</button>
        </form>
      </div>
      <MapChart view={view} height={height} ariaLabel={title} exportRef={exportRef} />
      <details
        className="fcw-table"
        part="data-table"
        open={tableOpen}
        onToggle={(event) => setTableOpen(event.currentTarget.open)}
      >
        <summary>{t('chart:data_table')}</summary>
        {tableOpen ? (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('chart:point_name')}</th>
                <th scope="col">{t('chart:duration_years')}</th>
                <th scope="col">
                  {t('chart:yield')}
                  {measure ? `, ${measure}` : ''}
                </th>
                <th scope="col">{t('chart:legend')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ item, point }, index) => (
                <tr key={`${item.id}-${index}`}>
                  <th scope="row">{point.label}</th>
                  <td>{formatNumber(point.x)}</td>
                  <td>{formatNumber(point.y)}</td>
                  <td>{item.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </details>
    </div>
  );
}
