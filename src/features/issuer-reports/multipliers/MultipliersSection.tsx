import { useId, useState } from 'react';
import type { MultiplierGroup, MultipliersAnswer } from '../../../contract/company.ts';
import { fetchMultipliers, peekMultipliers } from '../../../core/api/company.ts';
import { createResource, type Resource } from '../../../core/resource.ts';
import { ElementMessage } from '../../../runtime/chrome/ElementMessage.tsx';
import { ElementState } from '../../../runtime/chrome/ElementState.tsx';
import { MaskedHint } from '../../../runtime/chrome/masked-hint.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { DataTable, type TableColumn, type TableRow } from '../../../widgets/data-table/index.ts';
import { Tabs, tabId } from '../../../widgets/tabs/index.ts';
import { TermHint } from '../../../widgets/term-hint/index.ts';
import type { SectionProps } from '../issuer-reports.sections.ts';
import {
  groupHasValues,
  hasMaskedMultiplier,
  hasMultipliers,
  initialPeriod,
  MULTIPLIERS_SHOWN,
  multiplierCell,
  multiplierGroups,
  type MultipliersPeriod,
} from './multipliers.model.ts';
import css from './multipliers.css?inline';

/** Multipliers (row ids of the answer) explained by `issuer:hint_<id>` while the page's hints are on. */
const MULTIPLIER_HINTS = new Set([
  'market_cap',
  'ev',
  'pe',
  'ps',
  'pb',
  'ev_ebitda',
  'roe',
  'roa',
  'net_debt_ebitda',
]);

/** Keyed by the page data's `apiUrls.multipliers`. */
function createMultipliersResource(): Resource<string, MultipliersAnswer> {
  return createResource<string, MultipliersAnswer>({
    describe: (url) => `multipliers ${url}`,
    load: (url, signal) => fetchMultipliers(url, signal),
    peek: peekMultipliers,
  });
}

/**
 * SPEC §3 "Multipliers": a quarterly / annual switch, each period a list of groups, each group a
 * table showing 2 multipliers until expanded (SPEC §4). Market-based values the server masked are
 * shown as '***' with the prompt to log in or get access, as the kit shows masked prices.
 */
function MultipliersView({ issuer, t, headingLevel }: SectionProps) {
  useStyles(css, 'element');
  const { state, resource } = useResource(createMultipliersResource, issuer.apiUrls.multipliers);
  return (
    <ElementState
      t={t}
      ready
      state={state}
      onRetry={resource.retry}
      isEmpty={(answer) => !hasMultipliers(answer)}
      emptyText={t('common:no_data')}
    >
      {(answer) => (
        <MultipliersPanel
          answer={answer}
          preferred={issuer.defaultReportPeriod}
          t={t}
          headingLevel={headingLevel}
          loginUrl={issuer.loginUrl}
          accessUrl={issuer.accessUrl}
        />
      )}
    </ElementState>
  );
}

function MultipliersPanel({
  answer,
  preferred,
  t,
  headingLevel,
  loginUrl,
  accessUrl,
}: {
  answer: MultipliersAnswer;
  preferred: MultipliersPeriod;
  t: Translate;
  headingLevel: 2 | 3;
  loginUrl: string;
  accessUrl: string;
}) {
  const tabsId = useId();
  const panelId = `${tabsId}-panel`;
  const [period, setPeriod] = useState<MultipliersPeriod>(() => initialPeriod(answer, preferred));
  const groups = multiplierGroups(answer, period);
  return (
    <div className="mult" part="multipliers">
      <Tabs
        id={tabsId}
        tabs={[
          { id: 1, ttl: t('issuer:period_quarterly') },
          { id: 2, ttl: t('issuer:period_annual') },
        ]}
        active={period}
        onSelect={(id) => setPeriod(Number(id) as MultipliersPeriod)}
        label={t('issuer:multipliers_period_label')}
        size="small"
        controls={panelId}
      />
      <div
        id={panelId}
        className="mult-panel"
        role="tabpanel"
        aria-labelledby={tabId(tabsId, period)}
        data-period={period}
      >
        {!groups.some(groupHasValues) ? (
          <ElementMessage kind="info">{t('common:no_data')}</ElementMessage>
        ) : (
          groups.map((group) => (
            // A new table per period: its expansion starts collapsed again.
            <MultiplierGroupTable
              key={`${period}-${group.group_id}`}
              group={group}
              t={t}
              headingLevel={headingLevel}
            />
          ))
        )}
        {hasMaskedMultiplier(groups) ? (
          <MaskedHint
            className="mult-hint"
            texts={{
              auth: t('issuer:multipliers_masked_auth'),
              paid: t('issuer:multipliers_masked_paid'),
              login: t('common:login'),
              getAccess: t('widgets:get_access'),
            }}
            loginUrl={loginUrl}
            accessUrl={accessUrl}
          />
        ) : null}
      </div>
    </div>
  );
}

function MultiplierGroupTable({
  group,
  t,
  headingLevel,
}: {
  group: MultiplierGroup;
  t: Translate;
  headingLevel: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const notComputed = t('issuer:not_computed');
  // Not one multiplier of the group could be computed: the kit's no-data message, not a table of dashes.
  if (!groupHasValues(group))
    return (
      <section className="mult-group" aria-labelledby={headingId} data-group={group.group_id}>
        <Heading id={headingId} className="mult-group__title">
          {group.group_name}
        </Heading>
        <ElementMessage kind="info">{t('common:no_data')}</ElementMessage>
      </section>
    );
  const columns: TableColumn[] = group.columns.map((field, i) =>
    i === 0
      ? {
          field,
          title: group.headers[i] ?? field,
          sortable: false,
          // The multiplier's name, with its explanation while the page's hints are on.
          format: (value, row) => {
            const id = typeof row.id === 'string' ? row.id : '';
            if (!MULTIPLIER_HINTS.has(id)) return value as string;
            const name = typeof value === 'string' ? value : '';
            return (
              <>
                {name}
                <TermHint
                  text={t(`issuer:hint_${id}`)}
                  label={t('common:hint_about').replace('{term}', name)}
                />
              </>
            );
          },
        }
      : {
          field,
          title: group.headers[i] ?? field,
          sortable: false,
          align: 'end',
          format: (value) => {
            const cell = multiplierCell(value as never);
            if (cell.kind === 'value') return cell.text;
            // Masked as the kit shows masked prices; the prompt under the tables says why.
            if (cell.kind === 'masked') return '***';
            return (
              <>
                <span aria-hidden="true">—</span>
                <span className="fin-visually-hidden">{notComputed}</span>
              </>
            );
          },
        },
  );
  return (
    <section className="mult-group" aria-labelledby={headingId} data-group={group.group_id}>
      <Heading id={headingId} className="mult-group__title">
        {group.group_name}
      </Heading>
      <DataTable
        columns={columns}
        rows={group.body as unknown as TableRow[]}
        caption={group.group_name}
        limit={MULTIPLIERS_SHOWN}
        fixedFirstColumn
        // Below 680 px: as many periods beside the multipliers' names as fit.
        mobilePageSize="fit"
        t={t}
      />
    </section>
  );
}

/** The section's view: a chunk of its own, loaded when the section shows (multipliers.section.ts). */
export default MultipliersView;
