/**
 * The React root of a widget's unit tests: a fresh container in the document before each test,
 * unmounted and removed after it (inside `act`, so effects' clean-ups run).
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

export function withReactRoot(receive: (container: HTMLDivElement, root: Root) => void): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    receive(container, root);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });
}
