import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { StyleContext, styleScope, useStyles } from './styles.ts';

function Widget({ css }: { css: string }) {
  useStyles(css);
  return <span>widget</span>;
}

function Feature({ children }: { children?: React.ReactNode }) {
  useStyles('.feature {}', 'element');
  return <div>{children}</div>;
}

const sheetTexts = (root: ShadowRoot) =>
  root.adoptedStyleSheets.map((sheet) => (sheet.cssRules[0] as CSSStyleRule).selectorText);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('styles of a shadow root', () => {
  it('keeps base, widgets, element in that order whatever the order they arrive in, each once', () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const scope = styleScope(root);
    scope.add('.element {}', 'element');
    scope.add('.widget-a {}');
    scope.add('.base {}', 'base');
    scope.add('.widget-b {}');
    scope.add('.widget-a {}');
    expect(scope.texts).toEqual(['.base {}', '.widget-a {}', '.widget-b {}', '.element {}']);
    expect(sheetTexts(root)).toEqual(['.base', '.widget-a', '.widget-b', '.element']);
  });

  it('a widget rendered later (a lazy view) adds its styles before the element’s own', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    root.append(mount);
    const scope = styleScope(root);
    const react = createRoot(mount);
    await act(async () =>
      react.render(
        <StyleContext value={scope}>
          <Feature />
        </StyleContext>,
      ),
    );
    expect(scope.texts).toEqual(['.feature {}']);
    await act(async () =>
      react.render(
        <StyleContext value={scope}>
          <Feature>
            <Widget css=".later {}" />
          </Feature>
        </StyleContext>,
      ),
    );
    expect(scope.texts).toEqual(['.later {}', '.feature {}']);
    await act(async () => react.unmount());
  });

  it('outside a shadow root (no StyleContext) a widget renders and adds nothing', async () => {
    const mount = document.createElement('div');
    document.body.append(mount);
    const react = createRoot(mount);
    await act(async () => react.render(<Widget css=".x {}" />));
    expect(mount.textContent).toBe('widget');
    await act(async () => react.unmount());
  });
});
