/**
 * define(): the one wrapper around r2wc (DESIGN §5). Every element gets an open shadow root with
 * its styles inside, an error boundary that shows a clear inline message instead of a blank
 * block, and `emit()` for typed `fin-*` events that bubble out of the shadow root.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useStore } from '@nanostores/react';
import { Component, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ElementMessage } from '../widgets/element-message/ElementMessage.tsx';
import baseStyles from './base.css?inline';
import { createFinEvent } from './events.ts';
import { FALLBACK_LABELS } from '../contract/fallback-labels.ts';
import { HostContext, type Host } from './host-context.ts';
import { lookupLabel } from './labels.ts';
import { $labels } from './stores/labels.ts';
import { $lang } from './stores/lang.ts';

/** r2wc attribute types; declared as an object, never an array (CONVENTIONS 4). */
export type PropType = 'string' | 'number' | 'boolean' | 'json';

export interface DefineOptions<P> {
  props: { [K in keyof P]-?: PropType };
  /** CSS placed in the shadow root after the base styles. */
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

/** A constructed sheet shared by every instance of an element kind (cheap for many tables); null where unsupported. */
function constructedSheet(css: string): CSSStyleSheet | null {
  const adoptable =
    typeof ShadowRoot !== 'undefined' &&
    'adoptedStyleSheets' in ShadowRoot.prototype &&
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype;
  if (!adoptable) return null;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
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
export function define<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  options: DefineOptions<P>,
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const css = `${baseStyles}\n${options.styles ?? ''}`;
  const sheet = constructedSheet(css);

  function ElementRoot(props: P & { container?: HTMLElement | ShadowRoot }) {
    const { container, ...componentProps } = props;
    const element = (container && 'host' in container ? container.host : container) as HTMLElement;
    const host = useMemo<Host>(
      () => ({
        element,
        tag,
        emit: (name, detail) => element.dispatchEvent(createFinEvent(name, detail)),
        setHidden: (hidden) => element.toggleAttribute('hidden', hidden),
      }),
      [element],
    );
    return (
      <HostContext value={host}>
        {sheet ? null : <style>{css}</style>}
        <ElementErrorBoundary host={host}>
          <Component {...(componentProps as P)} />
        </ElementErrorBoundary>
      </HostContext>
    );
  }
  ElementRoot.displayName = `Element(${tag})`;

  const Base = r2wc(ElementRoot as ComponentType<P>, {
    shadow: 'open',
    props: options.props as Parameters<typeof r2wc<P>>[1] extends { props?: infer X } ? X : never,
  }) as unknown as new () => HTMLElement & {
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
    constructor() {
      super();
      if (sheet && this.shadowRoot) this.shadowRoot.adoptedStyleSheets = [sheet];
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
