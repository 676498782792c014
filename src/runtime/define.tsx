/**
 * define(): the one wrapper around r2wc (DESIGN §5). Every element gets an open shadow root with
 * its styles inside, an error boundary that shows a clear inline message instead of a blank
 * block, and `emit()` for typed `fin-*` events that bubble out of the shadow root.
 */
import r2wc from '@r2wc/core';
import { useStore } from '@nanostores/react';
import {
  Component,
  createElement,
  useLayoutEffect,
  useMemo,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { ElementMessage } from './chrome/ElementMessage.tsx';
import baseStyles from './base.css?inline';
import { createFinEvent } from '../core/events.ts';
import { FALLBACK_LABELS } from '../contract/fallback-labels.ts';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { HostContext, type Host } from './host-context.ts';
import { adoptServerStyles, StyleContext, styleScope, type ServerStyles } from './styles.ts';
import { lookupLabel } from '../core/labels.ts';
import { $labels } from '../core/stores/labels.ts';
import { $lang } from '../core/stores/lang.ts';
import { startMessageQueue } from './messages/queue.ts';

/** r2wc attribute types; declared as an object, never an array (CONVENTIONS 4). */
export type PropType = 'string' | 'number' | 'boolean' | 'json';

export interface DefineOptions<P> {
  props: { [K in keyof P]-?: PropType };
  /** The element's own CSS, placed in the shadow root after the base styles and its widgets' (styles.ts). */
  styles?: string;
}

interface BoundaryProps {
  host: Host;
  children: ReactNode;
}

/** Shows the error in the page's language; the rest of the page keeps working. */
class ElementErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(
      `fin-elements: <${this.props.host.tag}> failed: ${error.message}`,
      info.componentStack ?? '',
    );
    this.props.host.emit('fin-error', { tag: this.props.host.tag, message: error.message });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <BoundaryMessage error={error} />;
  }
}

function BoundaryMessage({ error }: { error: Error }) {
  const labels = useStore($labels);
  const lang = useStore($lang);
  const key = 'common:error_load';
  const text = lookupLabel(labels, key);
  return (
    <ElementMessage kind="error">
      {text.startsWith('{{') ? FALLBACK_LABELS[key]![lang] : text} ({error.message})
    </ElementMessage>
  );
}

/** How many loading lines each host shows now; `data-fin-loading` is on while there is one. */
const loadingLines = new WeakMap<HTMLElement, number>();
const LOADING_ATTRIBUTE = 'data-fin-loading';

function markLoading(element: HTMLElement): () => void {
  loadingLines.set(element, (loadingLines.get(element) ?? 0) + 1);
  element.setAttribute(LOADING_ATTRIBUTE, '');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const lines = (loadingLines.get(element) ?? 1) - 1;
    loadingLines.set(element, lines);
    if (lines === 0) element.removeAttribute(LOADING_ATTRIBUTE);
  };
}

const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * Registers `tag` (once: a second bundle on the same page is a no-op) as a custom element that
 * renders `Component` with its attributes parsed as declared.
 */
/** What define() was given, by tag: the server renderer renders the same tree (server.tsx). */
export interface Definition {
  tag: string;
  Root: ComponentType<Record<string, unknown>>;
  options: DefineOptions<Record<string, unknown>>;
}
export const definitions = new Map<string, Definition>();

/** What the server renderer (server.tsx) passes as the container: a host stand-in and a CSS collector. */
export interface ServerContainer {
  host: Pick<
    HTMLElement,
    'localName' | 'dispatchEvent' | 'toggleAttribute' | 'setAttribute' | 'removeAttribute'
  >;
  styles: ServerStyles;
}

/**
 * The log line of an error React recovered from while hydrating. React's own error only says that
 * it rendered the part in the browser instead; what went wrong is its cause, where is the stack.
 */
export function hydrationErrorLine(tag: string, error: unknown, componentStack?: string): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const described =
    cause === undefined
      ? ''
      : `; cause: ${cause instanceof Error ? (cause.stack ?? String(cause)) : String(cause)}`;
  const where = componentStack ? `; in ${componentStack.trim().replace(/\s+/g, ' ')}` : '';
  return `fin-elements: hydration of <${tag}>: ${String(error)}${described}${where}`;
}

/** A root whose server-rendered DOM is hydrated, with the props it last rendered. */
interface Mounted {
  root: Root;
  Root: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
}

/** Roots the server rendered (a declarative shadow root was there when the element was created). */
const declarative = new WeakSet<ShadowRoot>();

function mount(
  container: HTMLElement | ShadowRoot,
  Root: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
): Mounted {
  const element = createElement(Root, props);
  if ('host' in container && declarative.has(container) && adoptServerStyles(container)) {
    // The server's DOM stays: React attaches to it (same nodes, no flash, no layout shift).
    const root = hydrateRoot(container as unknown as Element, element, {
      onRecoverableError: (error, info) =>
        console.error(hydrationErrorLine(container.host.localName, error, info.componentStack)),
    });
    return { root, Root, props: { ...props } };
  }
  const root = createRoot(container);
  root.render(element);
  return { root, Root, props: { ...props } };
}

/**
 * r2wc calls update for every attribute as the element upgrades; an update whose props did not
 * change renders nothing new (and while hydrating, a render would throw the server's DOM away).
 */
function update(mounted: Mounted, props: Record<string, unknown>): void {
  const keys = new Set([...Object.keys(props), ...Object.keys(mounted.props)]);
  const same = [...keys].every(
    (key) =>
      Object.is(props[key], mounted.props[key]) ||
      // json attributes are parsed into a new object each time
      (typeof props[key] === 'object' && JSON.stringify(props[key]) === JSON.stringify(mounted.props[key])),
  );
  if (same) return;
  mounted.props = { ...props };
  mounted.root.render(createElement(mounted.Root, props));
}

export function define<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  options: DefineOptions<P>,
): void {
  if (definitions.has(tag)) return;
  if (typeof customElements !== 'undefined' && customElements.get(tag)) return;

  function ElementRoot(props: P & { container?: HTMLElement | ShadowRoot | ServerContainer }) {
    const { container, ...componentProps } = props;
    const element = (container && 'host' in container ? container.host : container) as HTMLElement;
    const styles = container && 'styles' in container ? container.styles : styleScope(element.shadowRoot!);
    const host = useMemo<Host>(
      () => ({
        element,
        tag,
        emit: (name, detail) => element.dispatchEvent(createFinEvent(name, detail)),
        setHidden: (hidden) => element.toggleAttribute('hidden', hidden),
        markLoading: () => markLoading(element),
        serverView: declarative.has(container as ShadowRoot),
      }),
      [element, container],
    );
    // The host is marked loading from its connection (before React's first render) until the first
    // render has committed; a loading line inside keeps the mark (its layout effect runs first).
    useLayoutEffect(() => markLoading(element)(), [element]);
    return (
      <HostContext value={host}>
        <StyleContext value={styles}>
          <ElementErrorBoundary host={host}>
            <Component {...(componentProps as P)} />
          </ElementErrorBoundary>
        </StyleContext>
      </HostContext>
    );
  }
  ElementRoot.displayName = `Element(${tag})`;
  definitions.set(tag, {
    tag,
    Root: ElementRoot as ComponentType<Record<string, unknown>>,
    options: options as DefineOptions<Record<string, unknown>>,
  });
  if (typeof customElements === 'undefined') return;

  const Base = r2wc<Record<string, unknown>, Mounted>(
    ElementRoot as ComponentType<Record<string, unknown>>,
    { shadow: 'open', props: options.props as Record<string, PropType> },
    { mount, update, unmount: ({ root }) => root.unmount() },
  ) as unknown as new () => HTMLElement & {
    connectedCallback(): void;
    attributeChangedCallback(n: string, o: string | null, v: string | null): void;
  };

  const attributeProps = new Map(
    (Object.entries(options.props) as Array<[string, PropType]>).map(([prop, type]) => [
      kebab(prop),
      { prop, type },
    ]),
  );

  // r2wc ignores a bare boolean attribute (`<x show-logo>`) and a removed attribute; HTML authors
  // expect the first to mean true and the second to restore the default.
  class FinElement extends Base {
    /** A declarative shadow root (the server's first view) is kept; attaching anew would empty it. */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      if (!this.shadowRoot) return super.attachShadow(init);
      declarative.add(this.shadowRoot);
      return this.shadowRoot;
    }

    constructor() {
      super();
      // The base and the element's own styles are in place before the first render; widgets add
      // theirs as they render (styles.ts).
      if (this.shadowRoot) {
        const styles = styleScope(this.shadowRoot);
        styles.add(baseStyles, 'base');
        if (options.styles) styles.add(options.styles, 'element');
      }
    }

    override connectedCallback() {
      // The page's announcer exists before the first message any element pushes (issue 23).
      startMessageQueue();
      // Loading until the first render (React renders a moment after the connection): the page's
      // reserved height holds from the start. So too when the server's first view is a loading line
      // (a lazy view): hydration commits later, and the page must not shrink to the line meanwhile.
      const shown = this.shadowRoot?.querySelector(':not(style)');
      if (!shown || this.shadowRoot!.querySelector('.fin-message--loading'))
        this.setAttribute(LOADING_ATTRIBUTE, '');
      super.connectedCallback();
    }

    override attributeChangedCallback(name: string, oldValue: string | null, value: string | null) {
      const declared = attributeProps.get(name);
      if (declared?.type === 'boolean' && value === '') value = 'true';
      if (declared && value === null) {
        const self = this as unknown as Record<symbol, Record<string, unknown> & (() => void)>;
        self[R2WC_PROPS]![declared.prop] = undefined;
        (self[R2WC_RENDER] as unknown as () => void).call(this);
        return;
      }
      super.attributeChangedCallback(name, oldValue, value);
    }
  }
  customElements.define(tag, FinElement);
}
