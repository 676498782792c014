/**
 * A test page for the shared widgets in real Chromium (widgets.e2e.ts bundles it with Vite and
 * serves it through page.route, so no server file changes). Every widget sits in a shadow root,
 * as inside our elements; user callbacks are recorded in `window.widgetLog`.
 */
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import baseStyles from '../runtime/base.css?inline';
import { StyleContext, styleScope } from '../runtime/styles.ts';
import { CellContent } from './data-table/index.ts';
import { Dialog } from './dialog/index.ts';
import { Dropdown } from './dropdown/index.ts';
import { FullscreenButton } from './fullscreen-button/index.ts';
import { ScrollTable } from './scroll-table/index.ts';
import { ShowMoreList } from './show-more-list/index.ts';
import { Tabs, tabId } from './tabs/index.ts';

declare global {
  interface Window {
    widgetLog: string[];
  }
}
window.widgetLog = [];
const log = (entry: string) => window.widgetLog.push(entry);

const LABELS = { more: 'Show more', hide: 'Hide' };
const COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume', 'turnover', 'trades'].map((field) => ({
  field,
  title: field.toUpperCase().padEnd(14, '.'),
  align: field === 'date' ? ('start' as const) : ('end' as const),
}));
const ROWS = Array.from({ length: 30 }, (_, index) => ({
  date: `${String(index + 1).padStart(2, '0')}.06.2025`,
  open: 300 + index,
  high: 310 + index,
  low: 290 + index,
  close: 305 + index,
  volume: 1_000_000 + index,
  turnover: 305_000_000 + index,
  trades: 12_000 + index,
}));

function Fixture() {
  const [period, setPeriod] = useState<string | number | null>(1);
  const [ground, setGround] = useState<string | number | null>(1);
  const [dialogOpen, setDialogOpen] = useState(false);
  const block = useRef<HTMLDivElement>(null);
  return (
    <>
      <Tabs
        label="Period"
        id="period"
        controls="period-panel"
        active={period}
        tabs={[
          { id: 0, ttl: 'Today' },
          { id: 1, ttl: '1M' },
          { id: 2, ttl: '3M' },
          { id: 3, ttl: '6M' },
        ]}
        onSelect={(id) => {
          log(`tab:${id}`);
          setPeriod(id);
        }}
      />
      <div role="tabpanel" id="period-panel" aria-labelledby={tabId('period', period ?? 0)}>
        Period {period}
      </div>
      <Dropdown
        label="Trading ground"
        value={ground}
        options={[
          { id: 1, text: 'MOEX' },
          { id: 2, text: 'SPB' },
          { id: 3, text: 'NASDAQ' },
        ]}
        onChange={(id) => {
          log(`ground:${id}`);
          setGround(id);
        }}
      />
      <div ref={block} className="graph" style={{ height: 120, border: '1px solid #ccc' }}>
        <FullscreenButton
          target={() => block.current}
          cookieName="fin-widgets-fixture"
          labels={{ enter: 'Full screen', exit: 'Exit full screen' }}
          overlayLabel="Related issuers"
          onChange={(fullscreen) => log(`fullscreen:${fullscreen}`)}
        />
        <span className="legend">
          <CellContent value={{ val: 'Legend', tooltip: 'Blue: the issuer' }} labels={LABELS} />
        </span>
      </div>
      <button type="button" className="opener" onClick={() => setDialogOpen(true)}>
        Add to watchlist
      </button>
      <Dialog
        open={dialogOpen}
        title="Watchlist"
        closeLabel="Close"
        onClose={() => {
          log('dialog:close');
          setDialogOpen(false);
        }}
      >
        <label>
          Quantity <input className="quantity" />
        </label>
        <button type="button">Save</button>
      </Dialog>
      <ShowMoreList
        items={['Sberbank', 'Gazprom', 'Lukoil', 'Norilsk Nickel', 'Yandex', 'Magnit', 'MTS']}
        labels={LABELS}
      />
      <ScrollTable
        caption="Archive"
        columns={COLUMNS}
        rows={ROWS}
        labels={LABELS}
        onExpandChange={(expanded) => log(`table:${expanded}`)}
      />
      <div style={{ height: 1500 }} />
    </>
  );
}

class WidgetsFixture extends HTMLElement {
  connectedCallback() {
    const shadow = this.attachShadow({ mode: 'open' });
    // Each widget adds its own styles (runtime/styles.ts); the fixture adds the base.
    const styles = styleScope(shadow);
    styles.add(baseStyles, 'base');
    const mount = document.createElement('div');
    shadow.append(mount);
    createRoot(mount).render(
      <StyleContext value={styles}>
        <Fixture />
      </StyleContext>,
    );
  }
}
customElements.define('widgets-fixture', WidgetsFixture);
