import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { formatNumber, formatPercentChange } from '../../core/format.ts';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { issuerPageStore } from '../../core/stores/page.ts';
import type { MaskedValue, StockPriceDynamics } from '../../contract/types.ts';
import { hasMaskedValue, MaskedHint } from '../../runtime/chrome/masked-hint.ts';
import { createPriceDynamicsResource } from './price-dynamics.api.ts';
import { instrumentStore } from '../../core/stores/instrument.ts';
import { ElementState, pageDataGate } from '../../runtime/chrome/ElementState.tsx';
import { useResource } from '../../runtime/resource.ts';
import {
  isIssuerPriceDynamicsEmpty,
  isPriceDynamicsEmpty,
  issuerMarker,
  rangeValueText,
  priceWindowRows,
  trendOf,
  type PriceWindowRow,
} from './price-dynamics.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './price-dynamics.css?inline';

/**
 * The price-dynamics block of the stock page (1-month and 1-year maximum, minimum and change) and
 * the price-dynamics bar of the issuer page.
 */
export interface PriceDynamicsProps {
  /** `stock` (default): the 1M/1Y block, loaded for the page's stock and trading ground. `issuer`: the bar of the issuer page, from its page data. */
  variant?: 'stock' | 'issuer';
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** Stock id, for pages without page data (partner embeds); overrides the page data. */
  stockId?: number;
  /** Trading ground id, with `stock-id`; overrides the page data and the shared ground. */
  groundId?: number;
  /** Where the "log in" prompt links to. */
  loginUrl?: string;
  /** Where the "get access" prompt links to (SPEC §2: /profile/access/). */
  accessUrl?: string;
}

export function PriceDynamics(props: PriceDynamicsProps) {
  useStyles(css, 'element');
  return props.variant === 'issuer' ? (
    <IssuerPriceDynamicsBar {...props} />
  ) : (
    <StockPriceDynamicsBlock {...props} />
  );
}

/** Hides the host element itself, so an empty block leaves no gap in the page. */
function useHiddenHost(hidden: boolean) {
  const { setHidden } = useHost();
  useEffect(() => {
    setHidden(hidden);
  }, [setHidden, hidden]);
}

function display(value: MaskedValue): string {
  if (value === null) return '—';
  return value === '***' ? '***' : formatNumber(value);
}

function displayDelta(value: MaskedValue): string {
  if (value === null) return '—';
  return value === '***' ? '***' : formatPercentChange(value);
}

function StockPriceDynamicsBlock({
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
  stockId,
  groundId,
  loginUrl,
  accessUrl,
}: PriceDynamicsProps) {
  const { t, ready } = useLabels('pd', 'common');
  const { emit } = useHost();
  const instrument = useStore(instrumentStore({ pageData, stockId, groundId }));
  const target =
    instrument.status === 'ok' && instrument.instrument.groundId !== null
      ? { stockId: instrument.instrument.stockId, groundId: instrument.instrument.groundId }
      : null;
  const { state, resource } = useResource(createPriceDynamicsResource, target);

  useEffect(() => {
    if (state.status === 'ready') {
      emit('fin-price-dynamics-load', {
        ...state.key,
        empty: state.value === null || isPriceDynamicsEmpty(state.value),
      });
    }
  }, [state, emit]);

  // Six explicit nulls hide the block (SPEC §2); an answer with nothing in it says "no data".
  const empty = state.status === 'ready' && state.value !== null && isPriceDynamicsEmpty(state.value);
  useHiddenHost(empty);

  return (
    <ElementState
      t={t}
      ready={ready}
      page={instrument.status === 'page-error' ? instrument.page : null}
      state={state}
      onRetry={resource.retry}
      isEmpty={(dynamics) => dynamics === null}
      emptyText={t('pd:no_data_min_max')}
    >
      {(dynamics) =>
        empty || dynamics === null ? null : (
          <StockPriceDynamicsView dynamics={dynamics} loginUrl={loginUrl} accessUrl={accessUrl} t={t} />
        )
      }
    </ElementState>
  );
}

function StockPriceDynamicsView({
  dynamics,
  loginUrl,
  accessUrl,
  t,
}: {
  dynamics: StockPriceDynamics;
  loginUrl?: string;
  accessUrl?: string;
  t: Translate;
}) {
  const rows = priceWindowRows(dynamics);
  const priceWithCurrency =
    display(dynamics.last_price) +
    (dynamics.currency && typeof dynamics.last_price === 'number' ? ` ${dynamics.currency}` : '');
  const masked = hasMaskedValue([
    dynamics.last_price,
    ...rows.flatMap((row) => [row.min, row.max, row.delta]),
  ]);
  return (
    <section className="pd" part="block" aria-label={t('pd:title')}>
      <header className="pd__head">
        <h3 className="pd__title" part="title">
          {t('pd:title')}
        </h3>
        <p className="pd__last">
          <span className="pd__caption">{t('pd:last_price')}</span>{' '}
          <strong className="pd__last-value" data-field="last_price">
            {display(dynamics.last_price)}
          </strong>
          {dynamics.currency && typeof dynamics.last_price === 'number' ? ` ${dynamics.currency}` : ''}
          {dynamics.date ? (
            <span className="pd__date" data-field="date">
              {' '}
              {t('pd:date')}: {dynamics.date}
            </span>
          ) : null}
        </p>
      </header>
      <table className="pd__table" part="table">
        <thead>
          <tr>
            <td />
            <ColumnHead t={t} name="min" />
            <ColumnHead t={t} name="max" />
            <ColumnHead t={t} name="change" />
            <th scope="col" className="pd__range-head">
              {t('pd:price_range')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <WindowRow key={row.window} row={row} t={t} priceText={priceWithCurrency} />
          ))}
        </tbody>
      </table>
      {masked ? (
        <MaskedHint
          className="pd__hint"
          texts={{
            auth: t('pd:masked_hint_auth'),
            paid: t('pd:masked_hint_paid'),
            login: t('pd:login'),
            getAccess: t('pd:get_access'),
          }}
          loginUrl={loginUrl}
          accessUrl={accessUrl}
        />
      ) : null}
    </section>
  );
}

function WindowRow({ row, t, priceText }: { row: PriceWindowRow; t: Translate; priceText: string }) {
  const noMinMax = row.min === null && row.max === null;
  return (
    <tr data-window={row.window}>
      <th scope="row">{t(`pd:period_${row.window}`)}</th>
      {noMinMax ? (
        <td colSpan={2} className="pd__no-data">
          {t('pd:no_data_min_max')}
        </td>
      ) : (
        <>
          <td data-field={`absolute_min_price_${row.window}`}>{display(row.min)}</td>
          <td data-field={`absolute_max_price_${row.window}`}>{display(row.max)}</td>
        </>
      )}
      <td
        data-field={`delta_last_price_${row.window}`}
        className={`pd__delta pd__delta--${trendOf(row.delta)}`}
      >
        {displayDelta(row.delta)}
      </td>
      <td className="pd__range-cell">
        <PriceScale
          marker={row.marker}
          label={t('pd:price_range')}
          valueTemplate={t(`pd:range_value_${row.window}`)}
          price={priceText}
        />
      </td>
    </tr>
  );
}

/**
 * A column heading; on phones its short form (`pd:{name}_short`, e.g. "Min") where the server
 * has one, so four columns fit 320 px in every language. Screen readers always get the full one.
 */
function ColumnHead({ t, name }: { t: Translate; name: 'min' | 'max' | 'change' }) {
  const full = t(`pd:${name}`);
  const short = t(`pd:${name}_short`);
  if (short.startsWith('{{')) return <th scope="col">{full}</th>;
  return (
    <th scope="col" className="pd__head--short">
      <span className="pd__full">{full}</span>
      <abbr className="pd__short" title={full} aria-hidden="true">
        {short}
      </abbr>
    </th>
  );
}

/**
 * The min–max scale with the last price marked at (last − min) / (max − min) (SPEC §9). Screen
 * readers hear the price and its place in the range, not a bare number.
 */
function PriceScale({
  marker,
  label,
  valueTemplate,
  price,
}: {
  marker: number | null;
  label: string;
  /** `pd:range_value_{window}`: "{price}, {percent} % of the 1-year range". */
  valueTemplate: string;
  price: string;
}): ReactNode {
  if (marker === null) return <span className="pd__scale pd__scale--unknown" aria-hidden="true" />;
  const percent = Math.round(marker * 1000) / 10;
  return (
    <span
      className="pd__scale"
      part="scale"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={rangeValueText(valueTemplate, price, marker)}
      data-marker={marker.toFixed(4)}
    >
      <span className="pd__marker" part="marker" style={{ left: `${percent}%` }} />
    </span>
  );
}

function IssuerPriceDynamicsBar({
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
  loginUrl,
  accessUrl,
}: PriceDynamicsProps) {
  const { t, ready } = useLabels('pd', 'common');
  const page = useStore(issuerPageStore(pageData));
  const dynamics = page.status === 'ok' ? page.data.priceDynamics : null;
  const empty = page.status === 'ok' && isIssuerPriceDynamicsEmpty(dynamics);
  useHiddenHost(empty);

  const gate = pageDataGate(page, ready, t);
  if (gate) return gate;
  if (empty || !dynamics) return null;

  const marker = issuerMarker(dynamics);
  const masked = hasMaskedValue([
    dynamics.lastPrice,
    dynamics.absoluteMinPrice,
    dynamics.absoluteMaxPrice,
    dynamics.deltaLastPrice,
  ]);
  return (
    <section className="pd pd--issuer" part="block" aria-label={t('pd:title')}>
      <h3 className="pd__title" part="title">
        {t('pd:title')} <span className="pd__period">{t('pd:period_1y')}</span>
      </h3>
      <div className="pd__bar">
        <span className="pd__bound" data-field="absoluteMinPrice">
          <span className="pd__caption">{t('pd:min')}</span> {display(dynamics.absoluteMinPrice)}
        </span>
        <PriceScale
          marker={marker}
          label={t('pd:price_range')}
          valueTemplate={t('pd:range_value_1y')}
          price={display(dynamics.lastPrice)}
        />
        <span className="pd__bound" data-field="absoluteMaxPrice">
          <span className="pd__caption">{t('pd:max')}</span> {display(dynamics.absoluteMaxPrice)}
        </span>
      </div>
      <p className="pd__last">
        <span className="pd__caption">{t('pd:last_price')}</span>{' '}
        <strong data-field="lastPrice">{display(dynamics.lastPrice)}</strong>
        {/* A withheld change is not glued to the price as '***': the hint below says why it is missing. */}
        {dynamics.deltaLastPrice === '***' ? null : (
          <>
            {' '}
            <span
              data-field="deltaLastPrice"
              className={`pd__delta pd__delta--${trendOf(dynamics.deltaLastPrice)}`}
            >
              {displayDelta(dynamics.deltaLastPrice)}
            </span>
          </>
        )}
        {dynamics.lastDate ? (
          <span className="pd__date" data-field="lastDate">
            {' '}
            {t('pd:date')}: {dynamics.lastDate}
          </span>
        ) : null}
      </p>
      {masked ? (
        <MaskedHint
          className="pd__hint"
          texts={{
            auth: t('pd:masked_hint_auth'),
            paid: t('pd:masked_hint_paid'),
            login: t('pd:login'),
            getAccess: t('pd:get_access'),
          }}
          loginUrl={loginUrl}
          accessUrl={accessUrl}
        />
      ) : null}
    </section>
  );
}
