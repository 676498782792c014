import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { Dialog } from './index.ts';

let container: HTMLDivElement;
let root: Root;

withReactRoot((c, r) => {
  [container, root] = [c, r];
});

/** An owner like the stock chart: a button opens the watchlist dialog. */
function Owner({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="opener" onClick={() => setOpen(true)}>
        Add to watchlist
      </button>
      <Dialog
        open={open}
        title="Watchlist"
        closeLabel="Close"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <button type="button" className="inside" onClick={() => setOpen(false)}>
          Save
        </button>
      </Dialog>
    </>
  );
}

const dialog = () => container.querySelector('dialog')!;
const opener = () => container.querySelector<HTMLButtonElement>('.opener')!;

function openDialog() {
  act(() => opener().focus());
  act(() => opener().click());
}

describe('Dialog', () => {
  it('stays closed with no content until opened', () => {
    act(() => root.render(<Owner />));
    expect(dialog().open).toBe(false);
    expect(container.querySelector('.inside')).toBeNull();
  });

  it('opens modally, named by its title, with its content', () => {
    act(() => root.render(<Owner />));
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    openDialog();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(true);
    const titleId = dialog().getAttribute('aria-labelledby')!;
    expect(container.querySelector(`#${CSS.escape(titleId)}`)?.textContent).toBe('Watchlist');
    expect(container.querySelector('.inside')).not.toBeNull();
    showModal.mockRestore();
  });

  it('the close button closes it, calls onClose and gives focus back to the opener', () => {
    const onClose = vi.fn();
    act(() => root.render(<Owner onClose={onClose} />));
    openDialog();
    const close = container.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!;
    act(() => close.focus());
    act(() => close.click());
    expect(dialog().open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener());
  });

  it('a native close (Escape) reports onClose', () => {
    const onClose = vi.fn();
    act(() => root.render(<Owner onClose={onClose} />));
    openDialog();
    act(() => dialog().close());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.inside')).toBeNull();
  });

  it('opens again when the owner reopens it before its closing has rendered (Escape, then Enter at once)', () => {
    const onClose = vi.fn();
    act(() => root.render(<Owner onClose={onClose} />));
    openDialog();
    // One batch: the browser's close (the owner sets open false) and the opener's click (true again).
    act(() => {
      dialog().close();
      opener().click();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(true);
    expect(container.querySelector('.inside')).not.toBeNull();
  });

  it('closing by the owner (open=false) does not call onClose, and still returns focus', () => {
    const onClose = vi.fn();
    act(() => root.render(<Owner onClose={onClose} />));
    openDialog();
    const save = container.querySelector<HTMLButtonElement>('.inside')!;
    act(() => save.focus());
    act(() => save.click());
    expect(dialog().open).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener());
  });

  it('a click on the backdrop (the dialog element itself) closes it, a click inside does not', () => {
    const onClose = vi.fn();
    act(() => root.render(<Owner onClose={onClose} />));
    openDialog();
    act(() => container.querySelector<HTMLElement>('.fin-dialog__title')!.click());
    expect(dialog().open).toBe(true);
    act(() => dialog().click());
    expect(dialog().open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('returns focus to an opener inside a shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('div');
    shadow.append(inner);
    const shadowRoot = createRoot(inner);
    act(() => shadowRoot.render(<Owner />));
    const shadowOpener = shadow.querySelector<HTMLButtonElement>('.opener')!;
    act(() => shadowOpener.focus());
    act(() => shadowOpener.click());
    const close = shadow.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!;
    act(() => close.focus());
    expect(shadow.activeElement).toBe(close);
    act(() => close.click());
    expect(shadow.activeElement).toBe(shadowOpener);
    act(() => shadowRoot.unmount());
    host.remove();
  });

  it('unmounting while open closes the dialog so the page is not left inert', () => {
    act(() => root.render(<Owner />));
    openDialog();
    const element = dialog();
    act(() => root.render(<p />));
    expect(element.open).toBe(false);
  });
});
