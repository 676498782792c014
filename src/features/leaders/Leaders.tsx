import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { $ground } from '../../core/stores/ground.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import {
  DataTable,
  mobileColumnOrder,
  type TableColumn,
  type TableRow,
} from '../../widgets/data-table/index.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { MaskedHint, hasMaskedValue } from '../../runtime/chrome/masked-hint.ts';
import { Tabs, tabId } from '../../widgets/tabs/index.ts';
import { createLeadersResource } from './leaders.api.ts';
import { groundOf } from '../../core/stores/instrument.ts';
import { TABLE_ROW_LIMIT } from '../../contract/tables.ts';
import { ElementState, pageDataGate } from '../../runtime/chrome/ElementState.tsx';
import { useResource } from '../../runtime/resource.ts';
import {
  LEADERS_TAB_IDS,
  LEADERS_TAB_LABELS,
  isNumericField,
  leadersBranch,
  leadersCellText,
  leadersEmptyKey,
  leadersFieldLabel,
  leadersMobileFields,
  leadersTab,
  leadersTitleKey,
  type LeadersTabId,
  type LeadersTable,
} from './leaders.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './leaders.css?inline';

/**
 * The leaders of the stock's branch on the page's trading ground (SPEC §2 "Leaders tables"):
 * tabs for the top gainers, the top losers and the largest capitalisations (SPEC §9 ids 1, 2, 3).
 * Follows the shared ground: switching the ground reloads the table.
 */
export interface LeadersProps {
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** The tab shown first: 1 growing (default), 2 falling, 3 capitalisation. */
  tab?: number;
  /** Branch whose stocks are ranked; default the page's `branchId` (none: every branch, 0). */
  branchId?: number;
  /** Trading ground; default the page's shared ground. */
  groundId?: number;
  /** Where the "log in" prompt under masked prices links to; default `/login/`. */
  loginUrl?: string;
  /** Where the "get access" prompt links to (SPEC §2: /profile/access/). */
  accessUrl?: string;
}

export function Leaders({
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
  tab: tabAttribute,
  branchId,
  groundId,
  loginUrl,
  accessUrl,
}: LeadersProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('stock', 'market', 'widgets', 'common');
  const { emit } = useHost();
  const page = useStore(stockPageStore(pageData));
  const sharedGround = useStore($ground);
  const tabsId = useId();
  const panelId = `${tabsId}-panel`;

  // The `tab` attribute picks the tab; a user's choice holds until the attribute changes.
  const [tab, setTab] = useState<LeadersTabId>(() => leadersTab(tabAttribute));
  const [seenAttribute, setSeenAttribute] = useState(tabAttribute);
  // Until the attribute or the user picks a tab, the element picks: the first one with rows.
  const [autoPick, setAutoPick] = useState(tabAttribute === undefined);
  // The tabs it opens by itself on the page's ground and branch are the page's first view, which
  // the server preloads (stock.preload.ts) and renders; once the visitor or the attribute has
  // picked, or the ground or branch has changed, each tab is called.
  const [firstView, setFirstView] = useState(true);
  if (seenAttribute !== tabAttribute) {
    setSeenAttribute(tabAttribute);
    setTab(leadersTab(tabAttribute));
    setAutoPick(tabAttribute === undefined);
    setFirstView(false);
  }

  const data = page.status === 'ok' ? page.data : null;
  const needsPage = branchId === undefined || groundId === undefined;
  const followsShared = pageData === DEFAULT_PAGE_DATA_SELECTOR;
  const ground = groundId ?? (data ? groundOf(data, sharedGround, followsShared) : null);
  const branch =
    branchId !== undefined ? leadersBranch(branchId) : data ? leadersBranch(data.branchId) : null;
  const query = ground !== null && branch !== null ? { tab, branchId: branch, groundId: ground } : null;
  const { state, resource } = useResource(createLeadersResource, query, {
    firstView: autoPick && firstView,
  });

  // A day when nothing of the sector rose leaves the gainers empty while the other tabs have rows:
  // the element opens the next tab, and comes back to the first when none has any. A new ground or
  // branch starts over from the first tab.
  const pickKey = ground !== null && branch !== null ? `${ground}:${branch}` : null;
  const [pickedFor, setPickedFor] = useState(pickKey);
  const [exhaustedFor, setExhaustedFor] = useState<string | null>(null);
  if (autoPick && pickedFor !== pickKey) {
    if (pickedFor !== null) setFirstView(false);
    setPickedFor(pickKey);
    setTab(leadersTab(undefined));
  }
  const emptyTab =
    autoPick &&
    exhaustedFor !== pickKey &&
    state.status === 'ready' &&
    state.key.tab === tab &&
    `${state.key.groundId}:${state.key.branchId}` === pickKey &&
    state.value.data.length === 0;
  if (emptyTab) {
    const next = LEADERS_TAB_IDS[LEADERS_TAB_IDS.indexOf(tab) + 1];
    if (next !== undefined) {
      setTab(next);
    } else {
      setExhaustedFor(pickKey);
      setTab(leadersTab(undefined));
    }
  }

  const table = state.status === 'ready' ? state.value : null;
  const columns = useMemo(() => (table ? leadersColumns(table, t) : []), [table, t]);

  // The page's branch is needed when no attribute gives one (a malformed one would rank another set).
  const needs = branchId === undefined ? ['branchId'] : [];
  const fieldProblem = page.status === 'ok' && page.problems?.some(({ field }) => needs.includes(field));
  if (needsPage && (page.status === 'error' || page.status === 'missing' || fieldProblem)) {
    return pageDataGate(page, ready, t, needs);
  }
  if (!ready) return <ElementMessage kind="loading">…</ElementMessage>;

  const select = (id: string | number) => {
    const next = leadersTab(id);
    setAutoPick(false);
    setFirstView(false);
    setTab(next);
    emit('fin-tab-change', { id: next });
  };
  const tabs = LEADERS_TAB_IDS.map((id) => ({ id, ttl: t(LEADERS_TAB_LABELS[id]) }));

  return (
    <div className="ld" part="block">
      <Tabs
        tabs={tabs}
        active={tab}
        onSelect={select}
        label={t(leadersTitleKey(branch ?? 0))}
        id={tabsId}
        controls={panelId}
      />
      <div
        className="ld-panel"
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(tabsId, tab)}
        aria-busy={state.status === 'loading' || undefined}
        data-tab={tab}
      >
        <ElementState
          t={t}
          ready
          state={state}
          onRetry={resource.retry}
          isEmpty={(answer) => answer.data.length === 0}
          emptyText={query ? t(leadersEmptyKey(query.tab, query.branchId)) : undefined}
        >
          {(answer, key) => (
            <>
              <DataTable
                key={key.tab}
                columns={columns}
                rows={answer.data as unknown as TableRow[]}
                caption={t(LEADERS_TAB_LABELS[key.tab])}
                limit={TABLE_ROW_LIMIT}
                // Every column pages below 680 px (SPEC §4), what the tab is about first.
                mobileColumns={mobileColumnOrder(leadersMobileFields(key.tab), answer.fields)}
                mobilePageSize="fit"
                onSortChange={(sort) => emit('fin-sort-change', sort)}
                onExpandChange={(expanded) => emit('fin-expand-change', { expanded })}
                t={t}
              />
              {hasMaskedValue(answer.data.flatMap((row) => Object.values(row))) ? (
                <MaskedHint
                  texts={{
                    auth: t('stock:masked_hint_auth'),
                    paid: t('stock:masked_hint_paid'),
                    login: t('common:login'),
                    getAccess: t('widgets:get_access'),
                  }}
                  loginUrl={loginUrl}
                  accessUrl={accessUrl}
                />
              ) : null}
            </>
          )}
        </ElementState>
      </div>
    </div>
  );
}

function leadersColumns(table: LeadersTable, t: Translate): TableColumn[] {
  return table.fields.map((field) => ({
    field,
    title: leadersFieldLabel(field, t, table.fieldsLabels),
    align: isNumericField(field) ? 'end' : 'start',
    ...(isNumericField(field) ? { format: (value: unknown) => leadersCellText(field, value) ?? '—' } : {}),
    className: (_value, row) => {
      if (field !== 'change') return undefined;
      const trend = typeof row.class === 'string' ? row.class : '';
      return trend === 'up' || trend === 'down' ? `ld-trend--${trend}` : undefined;
    },
  }));
}
