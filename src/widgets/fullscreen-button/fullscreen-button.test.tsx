import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import {
  CSS_FULLSCREEN_CLASS,
  FullscreenButton,
  readFullscreenCookie,
  writeFullscreenCookie,
  type FullscreenButtonProps,
} from './index.ts';

const COOKIE = 'fin-network-graph';
const LABELS = { enter: 'Full screen', exit: 'Exit full screen' };

let container: HTMLDivElement;
let root: Root;
let nativeElement: Element | null = null;

withReactRoot((c, r) => {
  [container, root] = [c, r];
});
afterEach(() => {
  writeFullscreenCookie(COOKIE, false);
  nativeElement = null;
  delete (document as { fullscreenElement?: unknown }).fullscreenElement;
  delete (document as { fullscreenEnabled?: unknown }).fullscreenEnabled;
  delete (document as { exitFullscreen?: unknown }).exitFullscreen;
});

type Callbacks = Pick<FullscreenButtonProps, 'onChange' | 'onStateChange'>;

function Graph(props: Callbacks) {
  const block = useRef<HTMLDivElement>(null);
  return (
    <div ref={block} className="graph">
      <FullscreenButton target={() => block.current} cookieName={COOKIE} labels={LABELS} {...props} />
    </div>
  );
}

/** A block with a name for its overlay and, with `extra`, a second control after the button. */
function GraphWithLabel({ overlayLabel, extra = false }: { overlayLabel?: string; extra?: boolean }) {
  const block = useRef<HTMLDivElement>(null);
  return (
    <div ref={block} className="graph">
      <FullscreenButton
        target={() => block.current}
        cookieName={COOKIE}
        labels={LABELS}
        {...(overlayLabel ? { overlayLabel } : {})}
      />
      {extra ? (
        <button type="button" className="inner">
          Zoom
        </button>
      ) : null}
    </div>
  );
}

function render(props: Callbacks = {}) {
  act(() => root.render(<Graph {...props} />));
}

const button = () => container.querySelector<HTMLButtonElement>('.fin-fullscreen-button')!;
const block = () => container.querySelector<HTMLElement>('.graph')!;
const icon = () => button().querySelector('svg')!;
/** The button's state for assistive technology: one name, pressed while full screen. */
const pressed = (element: HTMLElement = button()) => ({
  name: element.getAttribute('aria-label'),
  pressed: element.getAttribute('aria-pressed'),
});
const ON = { name: 'Full screen', pressed: 'true' };
const OFF = { name: 'Full screen', pressed: 'false' };

/** A browser with the Fullscreen API: request/exit change document.fullscreenElement and fire the event. */
function installFullscreenApi(refuse = false) {
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => nativeElement });
  const change = (element: Element | null) => {
    nativeElement = element;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  const exitFullscreen = vi.fn(async () => change(null));
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
  const requestFullscreen = vi.fn(async function (this: HTMLElement) {
    if (refuse) throw new TypeError('Permissions check failed');
    change(this);
  });
  HTMLElement.prototype.requestFullscreen = requestFullscreen;
  return { requestFullscreen, exitFullscreen, change };
}
afterEach(() => {
  delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
});

describe('FullscreenButton without the Fullscreen API (CSS overlay)', () => {
  it('starts as an "enter" button with the enter icon, 36 px high', () => {
    render();
    expect(pressed()).toEqual(OFF);
    expect(button().title).toBe('Full screen');
    expect(icon().getAttribute('data-icon')).toBe('enter');
    expect(icon().getAttribute('height')).toBe('36');
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(false);
  });

  it('a click opens the overlay, remembers it in the cookie and announces it; a second click leaves', () => {
    const onChange = vi.fn();
    render({ onChange });
    act(() => button().click());
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(true);
    // A toggle button: the same name, pressed; the title (a visible hint) says what a click does.
    expect(pressed()).toEqual(ON);
    expect(button().title).toBe('Exit full screen');
    expect(icon().getAttribute('data-icon')).toBe('exit');
    expect(document.cookie).toContain(`${COOKIE}=1`);
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(onChange).toHaveBeenLastCalledWith(true);

    act(() => button().click());
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(false);
    expect(readFullscreenCookie(COOKIE)).toBe(false);
    expect(document.documentElement.style.overflow).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('Escape leaves the overlay, unless a widget inside already used the key', () => {
    const onChange = vi.fn();
    render({ onChange });
    act(() => button().click());
    act(() => {
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
      const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
      used.preventDefault();
      document.body.dispatchEvent(used);
    });
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);

    act(() => button().click());
    act(() => {
      const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
      used.preventDefault();
      document.body.dispatchEvent(used);
    });
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(true);
  });

  it('Escape inside an open modal dialog closes the dialog, not the full screen', () => {
    render();
    act(() => button().click());
    const dialog = document.createElement('dialog');
    const input = document.createElement('input');
    dialog.append(input);
    block().append(dialog);
    dialog.showModal();
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    });
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(true);
    dialog.close();
    dialog.remove();
  });

  it('restores a remembered full screen as the overlay on mount, without announcing a user change', () => {
    writeFullscreenCookie(COOKIE, true);
    const onChange = vi.fn();
    const onStateChange = vi.fn();
    render({ onChange, onStateChange });
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(true);
    expect(pressed()).toEqual(ON);
    expect(onChange).not.toHaveBeenCalled();
    expect(onStateChange).toHaveBeenCalledWith(true);
  });

  it('the overlay is a modal dialog named after the block, and gives its own attributes back on leaving', () => {
    act(() => root.render(<GraphWithLabel overlayLabel="Related issuers graph" />));
    block().setAttribute('role', 'figure');
    act(() => button().click());
    expect(block().getAttribute('role')).toBe('dialog');
    expect(block().getAttribute('aria-modal')).toBe('true');
    expect(block().getAttribute('aria-label')).toBe('Related issuers graph');
    act(() => button().click());
    expect(block().getAttribute('role')).toBe('figure');
    expect(block().hasAttribute('aria-modal')).toBe(false);
    expect(block().hasAttribute('aria-label')).toBe(false);
  });

  it('keeps the focus inside the overlay: Tab wraps, and focus that lands outside comes back', () => {
    const outside = document.createElement('button');
    outside.textContent = 'Outside';
    document.body.prepend(outside);
    act(() => root.render(<GraphWithLabel extra />));
    const [inner] = block().querySelectorAll<HTMLButtonElement>('button.inner');
    act(() => button().click());
    act(() => button().focus());
    const tab = (shiftKey = false) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      act(() => (document.activeElement ?? document.body).dispatchEvent(event));
      return event;
    };
    // The full-screen button is first, the inner button last.
    act(() => inner!.focus());
    expect(tab().defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(button());
    expect(tab(true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(inner);
    // Between the two, Tab is the browser's own.
    act(() => button().focus());
    expect(tab().defaultPrevented).toBe(false);

    act(() => outside.focus());
    expect(document.activeElement).toBe(button());
    // Closed: the page is the user's again.
    act(() => button().click());
    act(() => outside.focus());
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('unmounting in full screen gives the page back its scrolling', () => {
    document.documentElement.style.overflow = 'scroll';
    render();
    act(() => button().click());
    expect(document.documentElement.style.overflow).toBe('hidden');
    act(() => root.render(<div />));
    expect(document.documentElement.style.overflow).toBe('scroll');
    document.documentElement.style.overflow = '';
  });
});

describe('FullscreenButton with the Fullscreen API', () => {
  it('a click requests native full screen on the target; the state follows fullscreenchange', async () => {
    const api = installFullscreenApi();
    const onChange = vi.fn();
    render({ onChange });
    await act(async () => button().click());
    expect(api.requestFullscreen).toHaveBeenCalledTimes(1);
    expect(api.requestFullscreen.mock.contexts[0]).toBe(block());
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(false);
    expect(pressed()).toEqual(ON);
    expect(readFullscreenCookie(COOKIE)).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(true);

    // The user leaves with the browser's own Escape handling.
    await act(async () => api.change(null));
    expect(pressed()).toEqual(OFF);
    expect(readFullscreenCookie(COOKIE)).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('a click in native full screen exits it', async () => {
    const api = installFullscreenApi();
    render();
    await act(async () => button().click());
    await act(async () => button().click());
    expect(api.exitFullscreen).toHaveBeenCalledTimes(1);
    expect(pressed()).toEqual(OFF);
  });

  it('follows a target inside a shadow root, where document.fullscreenElement is the host', async () => {
    const api = installFullscreenApi();
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('div');
    shadow.append(inner);
    // As a browser retargets: the document sees the host, the shadow root the element itself.
    Object.defineProperty(document, 'fullscreenElement', {
      configurable: true,
      get: () => (nativeElement ? host : null),
    });
    Object.defineProperty(shadow, 'fullscreenElement', { configurable: true, get: () => nativeElement });
    const onChange = vi.fn();
    const shadowRoot = createRoot(inner);
    act(() => shadowRoot.render(<Graph onChange={onChange} />));
    const shadowButton = shadow.querySelector<HTMLButtonElement>('.fin-fullscreen-button')!;
    await act(async () => shadowButton.click());
    expect(api.requestFullscreen.mock.contexts[0]).toBe(shadow.querySelector('.graph'));
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(pressed(shadowButton)).toEqual(ON);
    await act(async () => api.change(null));
    expect(onChange).toHaveBeenLastCalledWith(false);
    act(() => shadowRoot.unmount());
    host.remove();
  });

  it('falls back to the overlay when the browser refuses', async () => {
    installFullscreenApi(true);
    const onChange = vi.fn();
    render({ onChange });
    await act(async () => button().click());
    expect(block().classList.contains(CSS_FULLSCREEN_CLASS)).toBe(true);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('full-screen cookie', () => {
  it('reads only its own cookie, set to 1', () => {
    expect(readFullscreenCookie(COOKIE, 'fin-network-graph=1; other=1')).toBe(true);
    expect(readFullscreenCookie(COOKIE, 'other=1; fin-network-graph=0')).toBe(false);
    expect(readFullscreenCookie(COOKIE, 'fin-network-graph-x=1')).toBe(false);
    expect(readFullscreenCookie(COOKIE, '')).toBe(false);
  });
});
