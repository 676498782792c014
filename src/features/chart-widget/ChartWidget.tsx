import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { todayUtc } from '../../contract/calendar.ts';
import {
  activeTabPeriod,
  checkTabPeriods,
  isEmptyChartResponse,
  type ChartResponse,
  type TabPeriod,
} from '../../contract/chart-widget.ts';
import { LANGUAGES, type Lang } from '../../contract/types.ts';
import { setApiBase } from '../../core/api/client.ts';
import { fetchChartData } from '../../core/api/chart.ts';
import { createResource, type ResourceState } from '../../core/resource.ts';
import { $lang } from '../../core/stores/lang.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { ElementState } from '../../runtime/chrome/ElementState.tsx';
import { useLabels, type Translate } from '../../runtime/hooks.ts';
import { useResource } from '../../runtime/resource.ts';
import { useStyles } from '../../runtime/styles.ts';
// By path: the stock chart, which shares the widget's chunk, never warms a chart.
import { WarmPriceChart } from '../../widgets/chart/WarmChart.tsx';
import { DatePicker, type RangeChangeInfo } from '../../widgets/date-picker/index.ts';
import { Tabs } from '../../widgets/tabs/index.ts';
import { ChartView } from './ChartView.tsx';
import {
  initialRange,
  periodLimitYears,
  tabRange,
  typedRange,
  type ChartRange,
} from './chart-widget.period.ts';
import css from './chart-widget.css?inline';

/** SPEC §2 "Chart widget": the chart a partner site embeds (attributes of SPEC §3, §9). */
export interface ChartWidgetProps {
  /** POSTed to with the period (SPEC §7); absolute or page-relative. */
  dataUrl?: string;
  /** JSON list of Tab period items; the one whose class has `active` is the default. */
  periods?: string;
  /** Accessible name and title of the exports. */
  chartTitle?: string;
  /** px; default 600 (SPEC §9). */
  height?: number;
  /** Show the overturn chart (200 px) below. */
  overturnChart?: boolean;
  /** Whether the watermark logo starts shown. */
  showLogo?: boolean;
  /** SPEC §5 cap of the span, default 10. */
  periodLimitInYears?: number;
  /** The partner's language; default the page's. */
  lang?: string;
  /** Origin of our API (labels) for a partner page. */
  apiBase?: string;
}

export const CHART_WIDGET_HEIGHT_DEFAULT = 600;
const LABEL_MODULES = ['chart', 'widgets', 'common', 'stock'] as const;

interface ChartCall {
  dataUrl: string;
  range: ChartRange;
}

const createChartResource = () =>
  createResource({
    describe: ({ dataUrl, range }: ChartCall) =>
      `chart data from ${dataUrl} (${range.beginDate}–${range.endDate})`,
    load: ({ dataUrl, range }: ChartCall, signal: AbortSignal) => fetchChartData(dataUrl, range, signal),
  });

const noSubscription = () => () => {};
const browserToday = () => todayUtc(Date.now());
const noToday = () => null;

function parsePeriods(periods: string | undefined): { list: TabPeriod[]; error: string | null } {
  try {
    return { list: checkTabPeriods(periods), error: null };
  } catch (error) {
    return { list: [], error: (error as Error).message };
  }
}

export function ChartWidget(props: ChartWidgetProps) {
  useStyles(css, 'element');
  const { lang: langAttr, apiBase } = props;
  // The partner's language and our API's origin: set before the labels load.
  useEffect(() => {
    if (apiBase) setApiBase(apiBase);
  }, [apiBase]);
  useEffect(() => {
    if (langAttr && (LANGUAGES as readonly string[]).includes(langAttr)) $lang.set(langAttr as Lang);
  }, [langAttr]);
  const { t, ready } = useLabels(...LABEL_MODULES);
  const { list: periods, error: periodsError } = useMemo(() => parsePeriods(props.periods), [props.periods]);
  if (periodsError) {
    console.error(`fin-elements: <fin-chart> periods: ${periodsError}`);
    return <ElementMessage kind="error">{t('chart:periods_invalid')}</ElementMessage>;
  }
  if (!props.dataUrl) return <ElementMessage kind="error">{t('chart:data_url_missing')}</ElementMessage>;
  return <ChartBlock {...props} dataUrl={props.dataUrl} periods={periods} t={t} ready={ready} />;
}

interface ChartBlockProps extends Omit<ChartWidgetProps, 'periods'> {
  dataUrl: string;
  periods: TabPeriod[];
  t: Translate;
  ready: boolean;
}

function ChartBlock({ dataUrl, periods, t, ready, ...props }: ChartBlockProps) {
  const lang = useStore($lang);
  const limitYears = periodLimitYears(props.periodLimitInYears);
  // The user's choice (a tab or typed dates); before it, the active tab's dates, or without one
  // the last year up to today — read from the clock only in the browser (the server render has
  // no visitor's clock: it renders the controls without dates).
  const [picked, setRange] = useState<ChartRange | null>(null);
  const today = useSyncExternalStore(noSubscription, browserToday, noToday);
  const range =
    picked ??
    (activeTabPeriod(periods) ? initialRange(periods, '') : today ? initialRange(periods, today) : null);
  const [notice, setNotice] = useState<string | null>(null);
  const chartHeight = props.height && props.height > 0 ? props.height : CHART_WIDGET_HEIGHT_DEFAULT;
  const { state, resource } = useResource(createChartResource, range ? { dataUrl, range } : null);
  // While another period loads the chart keeps showing the last answer, so the same amCharts
  // Root takes the new data in place.
  const [shown, setShown] = useState<ChartResponse | null>(null);
  if (state.status === 'ready' && state.value !== shown) setShown(state.value);
  const view: ResourceState<ChartCall, ChartResponse> =
    state.status === 'loading' && shown && !isEmptyChartResponse(shown)
      ? { status: 'ready', key: state.key, value: shown }
      : state;

  const selectTab = (id: string | number) => {
    const tab = periods.find((period) => period.id === id);
    if (!tab) return;
    setNotice(null);
    setRange(tabRange(tab));
  };
  const changeDates = ([from, to]: [string, string], info: RangeChangeInfo) => {
    const result = typedRange(from, to, info.moved === 'start' ? 'from' : 'to', limitYears);
    if (!result.ok) return;
    setRange(result.range);
    setNotice(
      info.capped || result.capped
        ? t('chart:period_capped_years')
            .replace('{years}', String(limitYears))
            .replace('{from}', result.range.beginDate)
            .replace('{to}', result.range.endDate)
        : null,
    );
  };

  return (
    <div className="fcw" part="block">
      <div className="fcw-period" part="period">
        {periods.length > 0 ? (
          <Tabs
            tabs={periods.map((period) => ({
              id: period.id,
              ttl: period.ttl ?? t(`chart:period_${period.id}`),
            }))}
            active={range?.periodId ?? null}
            onSelect={selectTab}
            label={t('chart:period_label')}
            size="small"
          />
        ) : null}
        <DatePicker
          range
          className="fcw-dates"
          lang={lang}
          t={t}
          startLabel={t('chart:date_from')}
          endLabel={t('chart:date_to')}
          value={range ? [range.beginDate, range.endDate] : null}
          min={null}
          max={null}
          maxSpanYears={limitYears}
          messages={{
            range_order: t('chart:graph_period_start_incorrect'),
            invalid: t('chart:date_invalid'),
            unavailable: t('chart:date_invalid'),
          }}
          onInputError={() => setNotice(null)}
          onChange={changeDates}
        />
        {notice ? (
          <p className="fcw-notice" role="status" data-notice="capped">
            {notice}
          </p>
        ) : null}
      </div>
      {/* The chart is built while the first answer is on the way; ChartView's chart takes it over. */}
      {view.status === 'idle' || view.status === 'loading' ? <WarmPriceChart height={chartHeight} /> : null}
      <ElementState
        t={t}
        ready={ready}
        state={view}
        onRetry={resource.retry}
        isEmpty={isEmptyChartResponse}
        emptyText={t('chart:no_graph_data')}
      >
        {(response) => (
          <ChartView
            response={response}
            t={t}
            lang={lang}
            title={props.chartTitle?.trim() || t('chart:widget_title')}
            height={chartHeight}
            overturnChart={props.overturnChart ?? false}
            showLogo={props.showLogo ?? false}
          />
        )}
      </ElementState>
    </div>
  );
}
