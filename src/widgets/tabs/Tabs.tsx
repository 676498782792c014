import { useId, useRef, type KeyboardEvent } from 'react';
import { useStyles } from '../../runtime/styles.ts';
import css from './tabs.css?inline';

/** SPEC §3 "Tab" and "Select and tab options": one tab of a tab bar. */
export interface TabOption {
  id: string | number;
  /** The tab's text. */
  ttl: string;
  /** `false`: the tab is not rendered (SPEC "show"). */
  show?: boolean;
  /** `true`: the tab is not rendered. */
  hidden?: boolean;
  /** Extra class names for this tab (SPEC "class"). */
  class?: string;
  /** Rendered but cannot be selected; skipped by the arrow keys. */
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabOption[];
  /** Id of the active tab; `null` = none active (e.g. an arbitrary chart period). */
  active: string | number | null;
  /** Called when the user selects another tab (click or arrow keys); not for the active tab. */
  onSelect(id: string | number): void;
  /** Accessible name of the tab bar (aria-label). */
  label: string;
  size?: 'normal' | 'small';
  className?: string;
  /**
   * Base of the tabs' ids (default: a generated one): tab `x` gets `tabId(id, x)`, so the panel
   * can name itself after the active tab with `aria-labelledby={tabId(id, active)}`.
   */
  id?: string;
  /**
   * The id of the tab panel each tab shows (aria-controls): one id when a single panel changes
   * its content, or a function of the tab id when every tab has its own panel. Leave it out
   * when there is no panel (a tab bar that only filters, such as period tabs).
   */
  controls?: string | ((tabId: string | number) => string);
}

/** The id of tab `tab` in the tab bar whose `id` is `base`: for the panel's aria-labelledby. */
export function tabId(base: string, tab: string | number): string {
  return `${base}-tab-${String(tab).replace(/\s+/g, '_')}`;
}

/** Whether a tab is drawn at all (SPEC: `show: false` or `hidden` leave it out). */
export function isTabVisible(tab: TabOption): boolean {
  return tab.show !== false && !tab.hidden;
}

/**
 * A WAI-ARIA tab bar with automatic activation: the arrow keys, Home and End move focus and
 * select in one step, so keyboard users get the same one-action switch as a click. Roving
 * tabindex: one Tab stop, on the active tab (or the first enabled one when none is active).
 */
export function Tabs({ tabs, active, onSelect, label, size = 'normal', className, id, controls }: TabsProps) {
  useStyles(css);
  const generatedId = useId();
  const base = id ?? generatedId;
  const buttons = useRef(new Map<string | number, HTMLButtonElement>());
  const visible = tabs.filter(isTabVisible);
  const enabled = visible.filter((tab) => !tab.disabled);
  const activeTab = enabled.find((tab) => tab.id === active);
  const tabStop = activeTab?.id ?? enabled[0]?.id;

  const select = (id: string | number) => {
    if (id !== active) onSelect(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Alt+Left is the browser's Back; leave combinations to the browser.
    if (enabled.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = enabled.findIndex((tab) => buttons.current.get(tab.id) === event.target);
    const from = current === -1 ? enabled.findIndex((tab) => tab.id === tabStop) : current;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (from + 1) % enabled.length;
        break;
      case 'ArrowLeft':
        next = (from - 1 + enabled.length) % enabled.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = enabled.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = enabled[next];
    if (!target) return;
    buttons.current.get(target.id)?.focus();
    select(target.id);
  };

  const classes = ['fin-tabs', `fin-tabs--${size}`, className].filter(Boolean).join(' ');
  return (
    <div role="tablist" aria-label={label} className={classes} part="tabs" onKeyDown={onKeyDown}>
      {visible.map((tab) => {
        const selected = tab.id === active;
        const tabClasses = ['fin-tabs__tab', selected ? 'fin-tabs__tab--active' : '', tab.class]
          .filter(Boolean)
          .join(' ');
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(base, tab.id)}
            aria-controls={typeof controls === 'function' ? controls(tab.id) : controls}
            className={tabClasses}
            part={selected ? 'tab tab-active' : 'tab'}
            aria-selected={selected}
            tabIndex={tab.id === tabStop ? 0 : -1}
            disabled={tab.disabled}
            data-tab-id={tab.id}
            onClick={() => select(tab.id)}
          >
            {tab.ttl}
          </button>
        );
      })}
    </div>
  );
}
