import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { Dropdown, typeaheadIndex, type DropdownOption, type DropdownProps } from './index.ts';

const GROUNDS: DropdownOption[] = [
  { id: 1, text: 'MOEX' },
  { id: 2, text: 'SPB', class: 'is-foreign' },
  { id: 3, text: 'NASDAQ' },
  { id: 4, text: 'LSE', hide: true },
  { id: 5, text: 'NYSE', hidden: true },
];

let container: HTMLDivElement;
let root: Root;

withReactRoot((c, r) => {
  [container, root] = [c, r];
});

function render(props: Partial<DropdownProps> & Pick<DropdownProps, 'onChange'>) {
  act(() => root.render(<Dropdown options={GROUNDS} value={2} label="Trading ground" {...props} />));
}

const button = () => container.querySelector<HTMLButtonElement>('.fin-dropdown__button')!;
const listbox = () => container.querySelector<HTMLElement>('[role="listbox"]')!;
const options = () => [...container.querySelectorAll<HTMLElement>('[role="option"]')];
const highlighted = () =>
  container.querySelector(`#${CSS.escape(listbox().getAttribute('aria-activedescendant') ?? '')}`);

function press(key: string, target = document.activeElement as HTMLElement) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

function accessibleName(element: HTMLElement): string {
  return (element.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => container.querySelector(`#${CSS.escape(id)}`)?.textContent)
    .join(' ');
}

describe('Dropdown', () => {
  it('shows the chosen option on a closed button named by the label and the value', () => {
    render({ onChange: vi.fn() });
    expect(button().textContent).toBe('SPB');
    expect(button().getAttribute('aria-haspopup')).toBe('listbox');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(button().getAttribute('aria-controls')).toBe(listbox().id);
    expect(accessibleName(button())).toBe('Trading ground SPB');
    expect(listbox().hidden).toBe(true);
  });

  it('shows the placeholder when no option is chosen', () => {
    render({ value: null, placeholder: 'Choose a ground', onChange: vi.fn() });
    expect(button().textContent).toBe('Choose a ground');
  });

  it('opens on click with focus on the list and the chosen option highlighted; hide/hidden are left out', () => {
    render({ onChange: vi.fn() });
    act(() => button().click());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(listbox().hidden).toBe(false);
    expect(document.activeElement).toBe(listbox());
    expect(options().map((option) => option.textContent)).toEqual(['MOEX', 'SPB', 'NASDAQ']);
    expect(options().map((option) => option.getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(highlighted()?.textContent).toBe('SPB');
    expect(options()[1]!.classList.contains('is-foreign')).toBe(true);
  });

  it('moves the highlight with the arrow keys, Home and End, without wrapping', () => {
    render({ onChange: vi.fn() });
    act(() => button().click());
    press('ArrowDown');
    expect(highlighted()?.textContent).toBe('NASDAQ');
    press('ArrowDown');
    expect(highlighted()?.textContent).toBe('NASDAQ');
    press('Home');
    expect(highlighted()?.textContent).toBe('MOEX');
    press('ArrowUp');
    expect(highlighted()?.textContent).toBe('MOEX');
    press('End');
    expect(highlighted()?.textContent).toBe('NASDAQ');
    press('m');
    expect(highlighted()?.textContent).toBe('MOEX');
  });

  it('Enter picks the highlighted option, closes the list and returns focus to the button', () => {
    const onChange = vi.fn();
    render({ onChange });
    act(() => button().click());
    press('ArrowDown');
    press('Enter');
    expect(onChange).toHaveBeenCalledWith(3);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(listbox().hidden).toBe(true);
    expect(document.activeElement).toBe(button());
  });

  it('a click on an option picks it and closes the list', () => {
    const onChange = vi.fn();
    render({ onChange });
    act(() => button().click());
    act(() => options()[0]!.click());
    expect(onChange).toHaveBeenCalledWith(1);
    expect(listbox().hidden).toBe(true);
    expect(document.activeElement).toBe(button());
  });

  it('picking the current option only closes the list', () => {
    const onChange = vi.fn();
    render({ onChange });
    act(() => button().click());
    press('Enter');
    expect(onChange).not.toHaveBeenCalled();
    expect(listbox().hidden).toBe(true);
  });

  it('Escape closes without a change and returns focus to the button', () => {
    const onChange = vi.fn();
    render({ onChange });
    act(() => button().click());
    press('ArrowDown');
    press('Escape');
    expect(onChange).not.toHaveBeenCalled();
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button());
  });

  it('ArrowDown on the closed button opens the list', () => {
    render({ onChange: vi.fn() });
    act(() => button().focus());
    press('ArrowDown');
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(listbox());
  });

  it('a pointer down outside closes the list, also when the dropdown lives in a shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('div');
    shadow.append(inner);
    const shadowRoot = createRoot(inner);
    act(() => shadowRoot.render(<Dropdown options={GROUNDS} value={1} label="Ground" onChange={vi.fn()} />));
    const shadowButton = shadow.querySelector<HTMLButtonElement>('.fin-dropdown__button')!;
    act(() => shadowButton.click());
    // Inside: stays open (the document sees the host as target; composedPath sees the option).
    act(() => {
      shadow
        .querySelector('[role="option"]')!
        .dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, composed: true }));
    });
    expect(shadowButton.getAttribute('aria-expanded')).toBe('true');
    act(() => {
      document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, composed: true }));
    });
    expect(shadowButton.getAttribute('aria-expanded')).toBe('false');
    act(() => shadowRoot.unmount());
    host.remove();
  });

  it('a disabled dropdown does not open, by mouse or keyboard', () => {
    render({ onChange: vi.fn(), disabled: true });
    act(() => button().click());
    expect(listbox().hidden).toBe(true);
    act(() => button().focus());
    press('ArrowDown');
    expect(listbox().hidden).toBe(true);
  });

  it('disabled while it has focus (the change it made under way), it keeps focus and says it is unavailable', () => {
    const onChange = vi.fn();
    render({ onChange });
    act(() => button().focus());
    render({ onChange, disabled: true });
    // A native disabled button loses focus to the page (Chromium); this one stays focusable.
    expect(button().disabled).toBe(false);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button());
    render({ onChange, disabled: false });
    expect(button().hasAttribute('aria-disabled')).toBe(false);
  });
});

describe('typeaheadIndex', () => {
  it('finds the next option starting with the typed character, wrapping around', () => {
    const list: DropdownOption[] = [
      { id: 1, text: 'Alpha' },
      { id: 2, text: 'beta' },
      { id: 3, text: 'Bravo' },
    ];
    expect(typeaheadIndex(list, 0, 'B')).toBe(1);
    expect(typeaheadIndex(list, 1, 'b')).toBe(2);
    expect(typeaheadIndex(list, 2, 'b')).toBe(1);
    expect(typeaheadIndex(list, 0, 'z')).toBe(-1);
    expect(typeaheadIndex(list, 0, 'Enter')).toBe(-1);
  });
});
