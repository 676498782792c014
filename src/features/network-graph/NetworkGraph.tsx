import { useStore } from '@nanostores/react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { RelatedLink } from '../../contract/company.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import type { ResourceState } from '../../core/resource.ts';
import { issuerReportsPageStore } from '../../core/stores/page.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { ElementState, pageDataGate } from '../../runtime/chrome/ElementState.tsx';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { lazyModule } from '../../runtime/lazy-view.ts';
import { LazyView } from '../../runtime/LazyView.tsx';
import { useResource } from '../../runtime/resource.ts';
import { useStyles } from '../../runtime/styles.ts';
import { cspNonce } from '../../core/csp.ts';
import { $lang } from '../../core/stores/lang.ts';
import { ExportMenu, visNetworkDrawing, useExportMenu } from '../../widgets/export/index.ts';
import { FullscreenButton } from '../../widgets/fullscreen-button/index.ts';
import { Tabs, tabId } from '../../widgets/tabs/index.ts';
import { NetworkGraphCanvas, type GraphEngine } from '../../widgets/network-graph/index.ts';
import { createRelatedResource } from './network-graph.api.ts';
import type { LinksTableProps } from './links-table/index.ts';
import { buildGraph } from './network-graph.utils.ts';
import { GraphLegend } from './GraphLegend.tsx';
import css from './network-graph.css?inline';

/** The related issuers as a graph (SPEC §2 "Shared widgets", §3 "Network graph input", §9). */
export interface NetworkGraphProps {
  /** URL of the links (GET, SPEC §7); with `mainEmitentId` the page data is not read. */
  dataUrl?: string;
  /** The main issuer's id: its node is blue, focus starts on it. */
  mainEmitentId?: number;
  /** The graph's name (accessible name, full-screen dialog name). */
  title?: string;
  /** File name of the exports, without extension. */
  exportFileName?: string;
  /** Title printed in the exports. */
  exportTitle?: string;
  /** Whether the watermark logo starts shown (the user's checkbox changes it); default on. */
  showLogo?: boolean;
  /** CSS selector of the issuer page-data block to read when attributes are absent; default `#fin-page-data`. */
  pageData?: string;
}

/** The element's tag: the full-screen cookie is named after it (SPEC §9). */
export const NETWORK_GRAPH_TAG = 'fin-network-graph';

const LABEL_MODULES = ['issuer', 'chart', 'widgets', 'stock', 'common'] as const;

interface GraphConfig {
  dataUrl: string;
  mainEmitentId: number;
  title?: string;
  exportFileName?: string;
  exportTitle?: string;
  showLogo?: boolean;
}

export function NetworkGraph({ pageData = DEFAULT_PAGE_DATA_SELECTOR, ...props }: NetworkGraphProps) {
  useStyles(css, 'element');
  const { dataUrl, mainEmitentId } = props;
  if (dataUrl && mainEmitentId !== undefined && Number.isFinite(mainEmitentId))
    return <GraphBlock config={{ ...props, dataUrl, mainEmitentId }} />;
  return <GraphFromPage pageData={pageData} props={props} />;
}

/** No attributes: the props come from the issuer page data's `graph` (SPEC §3). */
function GraphFromPage({ pageData, props }: { pageData: string; props: NetworkGraphProps }) {
  const { t, ready } = useLabels(...LABEL_MODULES);
  const page = useStore(issuerReportsPageStore(pageData));
  const gate = pageDataGate(page, ready, t, ['graph']);
  if (gate || page.status !== 'ok') return gate;
  const graph = page.data.graph;
  if (!graph) return <ElementMessage kind="info">{t('stock:no_data')}</ElementMessage>;
  // An attribute given wins over the page data.
  const defined = Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
  return <GraphBlock config={{ ...graph, ...defined }} />;
}

function GraphBlock({ config }: { config: GraphConfig }) {
  const { t, ready } = useLabels(...LABEL_MODULES);
  const { state, resource } = useResource(createRelatedResource, config.dataUrl);
  // While other links load (a new data URL) the graph keeps showing the last ones, so the same
  // vis-network instance takes the new data in place instead of a new one being built.
  const [shown, setShown] = useState<RelatedLink[] | null>(null);
  if (state.status === 'ready' && state.value !== shown) setShown(state.value);
  const view: ResourceState<string, RelatedLink[]> =
    state.status === 'loading' && shown ? { status: 'ready', key: state.key, value: shown } : state;
  return (
    <ElementState
      t={t}
      ready={ready}
      state={view}
      onRetry={resource.retry}
      isEmpty={(links) => links.length === 0}
    >
      {(links) => <GraphView links={links} config={config} t={t} />}
    </ElementState>
  );
}

/** The graph, or the same links as a sortable table (its accessible alternative, one click away). */
type GraphViewMode = 'graph' | 'table';

/**
 * Below 680 px (the phone layout) the table is the first view: a graph fitted into a phone's width
 * has to hide most names to keep the rest readable, the table shows them all. The graph stays one
 * tap away.
 */
const PHONE_QUERY = '(max-width: 679.98px)';
function firstView(): GraphViewMode {
  return typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches ? 'table' : 'graph';
}

function GraphView({ links, config, t }: { links: RelatedLink[]; config: GraphConfig; t: Translate }) {
  const { emit, tag } = useHost();
  const lang = useStore($lang);
  const blockRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [showLogo, setShowLogo] = useState(config.showLogo ?? true);
  const [view, setView] = useState<GraphViewMode>(firstView);
  const engineRef = useRef<GraphEngine | null>(null);
  const viewsId = useId();
  const data = useMemo(
    () => buildGraph(links, config.mainEmitentId, undefined, lang),
    [links, config.mainEmitentId, lang],
  );
  const layout = useMemo(
    () => ({ nodeCount: data.nodes.length, linkCount: links.length, fullscreen }),
    [data.nodes.length, links.length, fullscreen],
  );
  const title = config.title?.trim() || t('issuer:related_title');
  const onRenderError = useCallback(
    (error: unknown) =>
      // SPEC §8: a drawing failure is logged, never shown as is (the block shows its fallback).
      console.error(`fin-elements: <${tag}> graph not drawn: ${(error as Error)?.message ?? String(error)}`),
    [tag],
  );
  const exportMenu = useExportMenu(t);
  const panelId = `${viewsId}-panel`;

  return (
    <div className="ng" part="block" ref={blockRef}>
      <div className="ng-toolbar" part="toolbar">
        <span className="ng-summary">
          {t('issuer:graph_summary')
            .replace('{companies}', String(data.nodes.length))
            .replace('{links}', String(links.length))}
        </span>
        <Tabs
          id={viewsId}
          size="small"
          label={t('issuer:graph_view')}
          tabs={[
            { id: 'graph', ttl: t('issuer:graph_view_graph') },
            { id: 'table', ttl: t('issuer:graph_view_table') },
          ]}
          active={view}
          onSelect={(id) => setView(id as GraphViewMode)}
          controls={panelId}
        />
        {view === 'graph' ? (
          <>
            <label className="ng-logo">
              <input
                type="checkbox"
                checked={showLogo}
                onChange={(event) => setShowLogo(event.target.checked)}
              />
              {t('chart:show_logo')}
            </label>
            <ExportMenu
              getDrawing={() => {
                const engine = engineRef.current;
                if (!engine) return null;
                const drawing = visNetworkDrawing(engine.network);
                // The file gets every name, also those hidden on screen for crowding.
                return { ...drawing, draw: (ctx) => engine.withAllLabels(() => drawing.draw(ctx)) };
              }}
              options={{
                fileName: config.exportFileName?.trim() || title,
                title: config.exportTitle?.trim() || title,
                lang,
                logo: showLogo,
                nonce: cspNonce(),
              }}
              {...exportMenu}
            />
          </>
        ) : null}
        <FullscreenButton
          target={() => blockRef.current}
          cookieName={NETWORK_GRAPH_TAG}
          labels={{ enter: t('widgets:full_screen'), exit: t('widgets:exit_full_screen') }}
          overlayLabel={title}
          onStateChange={setFullscreen}
          onChange={(on) => emit('fin-fullscreen-change', { fullscreen: on })}
        />
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(viewsId, view)} className="ng-panel">
        {view === 'graph' ? (
          <NetworkGraphCanvas
            data={data}
            mainId={config.mainEmitentId}
            layout={layout}
            showLogo={showLogo}
            labels={{
              region: title,
              hint: t('issuer:graph_hint'),
              fallback: t('issuer:graph_fallback'),
              loading: t('issuer:graph_loading'),
            }}
            onRenderError={onRenderError}
            onEngine={(engine) => {
              engineRef.current = engine;
            }}
          />
        ) : (
          <LinksTableView t={t} links={links} mainEmitentId={config.mainEmitentId} caption={title} />
        )}
      </div>
      {view === 'graph' ? <GraphLegend links={links} t={t} /> : null}
    </div>
  );
}

/** The table (with the shared data table) is a chunk of its own, loaded when it is first asked for. */
const loadLinksTable = lazyModule<LinksTableProps>(() =>
  import('./links-table/index.ts').then((module) => ({ default: module.LinksTable })),
);

function LinksTableView({ t, ...props }: LinksTableProps & { t: Translate }) {
  return <LazyView load={loadLinksTable} props={props} t={t} />;
}
