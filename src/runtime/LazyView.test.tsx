import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostContext, type Host } from './host-context.ts';
import { LazyView } from './LazyView.tsx';
import { lazyModule } from './lazy-view.ts';

function View({ name }: { name: string }) {
  return <p className="view">{name}</p>;
}
const t = (key: string) => key;
const host = (serverView: boolean): Host => ({
  element: document.body,
  tag: 'fin-test',
  emit: () => undefined,
  setHidden: () => undefined,
  markLoading: () => () => undefined,
  serverView,
});

/** A container holding the server's HTML of a loaded view, and that view's node. */
async function serverView() {
  const onServer = lazyModule(() => Promise.resolve({ default: View }));
  await onServer();
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<LazyView load={onServer} props={{ name: 'Revenue' }} t={t} />);
  return { container, served: container.querySelector('p.view') };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('LazyView', () => {
  it('renders a view whose chunk is loaded at once (the server loads them first), else its loading line', async () => {
    const load = lazyModule(() => Promise.resolve({ default: View }));
    expect(renderToString(<LazyView load={load} props={{ name: 'Revenue' }} t={t} />)).toContain(
      'common:loading',
    );
    await load();
    const html = renderToString(<LazyView load={load} props={{ name: 'Revenue' }} t={t} />);
    expect(html).toContain('<p class="view">Revenue</p>');
    expect(html).not.toContain('common:loading');
  });

  it("hydrates the server's view when its chunk comes: the same node, never a loading line, no error", async () => {
    const { container, served } = await serverView();

    let arrive!: () => void;
    const inBrowser = lazyModule(
      () => new Promise<{ default: typeof View }>((resolve) => (arrive = () => resolve({ default: View }))),
    );
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <HostContext value={host(true)}>
          <LazyView load={inBrowser} props={{ name: 'Revenue' }} t={t} />
        </HostContext>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    // The chunk is not here yet: the server's DOM stays as it is.
    expect(container.querySelector('p.view')).toBe(served);
    expect(container.textContent).not.toContain('common:loading');
    await act(async () => arrive());
    expect(inBrowser.loaded).toBe(View);
    expect(container.querySelector('p.view')).toBe(served);
    expect(container.textContent).toBe('Revenue');
    expect(errors).toEqual([]);
  });

  it('hydrates without an error when the chunk comes while React waits on it (it replays the view)', async () => {
    // Outside act, as in a page, with a chunk another element has already imported (its promise
    // settles in microtasks): React pauses on it and replays the same view once it has come; the
    // replay must call the same hooks as the attempt that suspended (else "Update hook called on
    // initial render", and the boundary was thrown away and rendered anew).
    const { container, served } = await serverView();

    const inBrowser = lazyModule<{ name: string }>(async () => {
      await Promise.resolve();
      return { default: View };
    });
    const errors: unknown[] = [];
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const root = hydrateRoot(
        container,
        <HostContext value={host(true)}>
          <LazyView load={inBrowser} props={{ name: 'Revenue' }} t={t} />
        </HostContext>,
        { onRecoverableError: (error) => errors.push(error) },
      );
      await vi.waitFor(() => expect(inBrowser.loaded).toBe(View));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).toEqual([]);
      expect(container.querySelector('p.view')).toBe(served);
      expect(container.textContent).toBe('Revenue');
      root.unmount();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });
});
