import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../demo-pages/testing/react-act.ts';
import { define, hydrationErrorLine } from './define.tsx';
import { useHost } from './hooks.ts';
import { ElementMessage } from './chrome/ElementMessage.tsx';

interface ProbeProps {
  title?: string;
  count?: number;
  showLogo?: boolean;
  explode?: boolean;
}

function Probe({ title = 'untitled', count, showLogo = false, explode = false }: ProbeProps) {
  const { emit, tag } = useHost();
  if (explode) throw new Error('probe exploded');
  return (
    <button type="button" onClick={() => emit('fin-error', { tag, message: 'clicked' })}>
      {title}|{count ?? 'none'}|{showLogo ? 'logo' : 'no-logo'}
    </button>
  );
}

define<ProbeProps>('fin-probe', Probe, {
  props: { title: 'string', count: 'number', showLogo: 'boolean', explode: 'boolean' },
  styles: '.probe { color: red; }',
});

/** Shows a loading line until `loaded`, then its content (an element waiting for its data). */
function LoadingProbe({ loaded = false }: { loaded?: boolean }) {
  return loaded ? <p>content</p> : <ElementMessage kind="loading">Loading…</ElementMessage>;
}

define<{ loaded?: boolean }>('fin-loading-probe', LoadingProbe, { props: { loaded: 'boolean' } });

/** Waits for the shadow root to show `text` (rendering is asynchronous; a loaded machine is slow). */
const shows = (element: Element, text: string) =>
  waitFor(() => expect(element.shadowRoot?.textContent).toContain(text));

function mount(html: string): HTMLElement {
  act(() => {
    document.body.innerHTML = html;
  });
  return document.body.firstElementChild as HTMLElement;
}

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
});

describe('define()', () => {
  it('renders into an open shadow root with parsed attributes', async () => {
    const element = mount('<fin-probe title="Hello" count="3" show-logo="true"></fin-probe>');
    await shows(element, 'Hello|3|logo');
    // The host page's markup is untouched: the content lives in the shadow root.
    expect(element.innerHTML).toBe('');
  });

  it('treats a bare boolean attribute as true and a removed attribute as the default', async () => {
    const element = mount('<fin-probe show-logo></fin-probe>');
    await shows(element, '|logo');
    act(() => element.removeAttribute('show-logo'));
    await shows(element, '|no-logo');
    act(() => element.setAttribute('title', 'Later'));
    await shows(element, 'Later|');
  });

  it('fires fin-* events that bubble out of the shadow root to the document', async () => {
    const element = mount('<fin-probe></fin-probe>');
    await shows(element, 'untitled|');
    const heard = vi.fn();
    document.addEventListener('fin-error', heard);
    element.shadowRoot?.querySelector('button')?.click();
    document.removeEventListener('fin-error', heard);
    expect(heard).toHaveBeenCalledTimes(1);
    const event = heard.mock.calls[0]![0] as CustomEvent;
    expect(event.detail).toEqual({ tag: 'fin-probe', message: 'clicked' });
    expect(event.bubbles && event.composed).toBe(true);
  });

  it('shows an inline error instead of crashing, and other elements keep rendering', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mount('<fin-probe explode="true"></fin-probe><fin-probe title="fine"></fin-probe>');
    const [broken, fine] = Array.from(document.querySelectorAll('fin-probe'));
    await shows(broken!, 'probe exploded');
    expect(broken!.shadowRoot?.querySelector('[role="alert"]')?.textContent).toContain('probe exploded');
    await shows(fine!, 'fine|');
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('<fin-probe> failed: probe exploded'),
      expect.anything(),
    );
    consoleError.mockRestore();
  });

  it('is a no-op when the tag is already registered (two bundles on one page)', () => {
    expect(() =>
      define('fin-probe', Probe, {
        props: { title: 'string', count: 'number', showLogo: 'boolean', explode: 'boolean' },
      }),
    ).not.toThrow();
  });

  it('marks the host loading from its connection until its loading line gives way to the content', async () => {
    const element = mount('<fin-loading-probe></fin-loading-probe>');
    // Before React's first render the page's reserved height already holds (data-fin-loading).
    expect(element.hasAttribute('data-fin-loading')).toBe(true);
    await shows(element, 'Loading…');
    expect(element.hasAttribute('data-fin-loading')).toBe(true);
    act(() => element.setAttribute('loaded', 'true'));
    await shows(element, 'content');
    expect(element.hasAttribute('data-fin-loading')).toBe(false);
  });

  it("marks a host loading from its connection when the server's first view is a loading line", async () => {
    // The server rendered the element's loading line (a lazy view) into its shadow root; the page
    // must keep the reserved height until hydration has committed, not shrink to that line.
    const element = document.createElement('fin-server-loading-probe');
    element.attachShadow({ mode: 'open' }).innerHTML =
      '<div class="fin-message fin-message--loading" role="status" aria-busy="true"><span>Loading…</span></div>';
    act(() => document.body.append(element));
    define<{ loaded?: boolean }>('fin-server-loading-probe', LoadingProbe, { props: { loaded: 'boolean' } });
    expect(element.hasAttribute('data-fin-loading')).toBe(true);
    await shows(element, 'Loading…');
    act(() => element.setAttribute('loaded', 'true'));
    await shows(element, 'content');
    expect(element.hasAttribute('data-fin-loading')).toBe(false);
  });

  it('does not mark a host loading once it has rendered something else than a loading line', async () => {
    const element = mount('<fin-probe title="Ready"></fin-probe>');
    await shows(element, 'Ready|');
    expect(element.hasAttribute('data-fin-loading')).toBe(false);
  });

  it('logs a hydration error React recovered from with its cause and where it was', () => {
    const cause = new Error('Update hook called on initial render');
    const line = hydrationErrorLine(
      'fin-issuer-reports',
      new Error('There was an error while hydrating this Suspense boundary', { cause }),
      '\n    at LazyBody\n    at Suspense',
    );
    expect(line).toMatch(/^fin-elements: hydration of <fin-issuer-reports>: Error: There was an error/);
    expect(line).toContain('; cause: Error: Update hook called on initial render');
    expect(line).toContain('; in at LazyBody at Suspense');
    expect(hydrationErrorLine('fin-probe', new Error('mismatch'))).toBe(
      'fin-elements: hydration of <fin-probe>: Error: mismatch',
    );
  });
});
