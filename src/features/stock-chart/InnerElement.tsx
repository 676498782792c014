import { createElement, useEffect, useEffectEvent, useLayoutEffect, useState, type ReactNode } from 'react';
import type { FinEventDetails, FinEventName } from '../../core/events.ts';
import { useElement } from '../../runtime/compose.ts';

type Handlers = { [N in FinEventName]?: (detail: FinEventDetails[N]) => void };

export interface InnerElementProps {
  tag: string;
  /** Attributes as an integrator writes them (JSON ones as JSON text). */
  attributes: Record<string, string>;
  /** The element's `fin-*` events the chart handles; they end here (the chart announces its own). */
  on?: Handlers;
  /** Shown while the element's code loads. */
  fallback: ReactNode;
  /** Events of the element that must not leave the chart although nothing here handles them. */
  keep?: FinEventName[];
  /**
   * A control of the element (CSS selector in its shadow root) to focus once it renders: the
   * user's next step after opening it by keyboard or pointer.
   */
  focus?: string;
  /**
   * Called with the `focus` control when it first renders, instead of focusing it: the owner hands
   * it what the user typed meanwhile and the focus (the compare field's stand-in).
   */
  onControl?(control: HTMLElement): void;
}

/**
 * Another element inside the chart, by its tag (DESIGN §2: a feature composes elements, it never
 * imports another feature). Its code loads on first use (`useElement`); it gets its attributes as
 * attributes, so it reads them as on any page; its events are handled on the element itself.
 */
export function InnerElement({
  tag,
  attributes,
  on = {},
  fallback,
  keep = [],
  focus,
  onControl,
}: InnerElementProps) {
  const defined = useElement(tag);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const attributeText = JSON.stringify(attributes);
  const names = [...Object.keys(on), ...keep].join(' ');
  const handle = useEffectEvent((event: Event) => {
    event.stopPropagation();
    const handler = on[event.type as FinEventName] as ((detail: unknown) => void) | undefined;
    handler?.((event as CustomEvent).detail);
  });

  // React would assign a name the element has as a property (`urls`) as that property, so those
  // are set as attributes here, before the element's own root renders; the others go with it.
  const prototype = defined ? (customElements.get(tag)?.prototype as object | undefined) : undefined;
  const byReact = Object.fromEntries(
    Object.entries(attributes).filter(([name]) => !prototype || !(name in prototype)),
  );
  useLayoutEffect(() => {
    if (!element) return;
    const next = JSON.parse(attributeText) as Record<string, string>;
    for (const [name, value] of Object.entries(next))
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }, [element, attributeText]);

  useEffect(() => {
    if (!element || !names) return;
    const types = names.split(' ');
    types.forEach((type) => element.addEventListener(type, handle));
    return () => types.forEach((type) => element.removeEventListener(type, handle));
  }, [element, names]);

  const reach = useEffectEvent((control: HTMLElement) => {
    if (onControl) onControl(control);
    else control.focus();
  });
  // The element renders its control after its code and labels load: focus it when it appears.
  useEffect(() => {
    const root = element?.shadowRoot;
    if (!root || !focus) return;
    const tryFocus = () => {
      const control = root.querySelector<HTMLElement>(focus);
      if (!control) return false;
      reach(control);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [element, focus]);

  if (!defined) return <>{fallback}</>;
  return createElement(tag, { ...byReact, ref: setElement });
}
