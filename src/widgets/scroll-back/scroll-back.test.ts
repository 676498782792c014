import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_PX_PER_MS, scrollPosition, scrollToTop } from './scroll-back.ts';

describe('scrollPosition', () => {
  it('moves 5 px per millisecond towards the target and stops on it', () => {
    expect(SCROLL_PX_PER_MS).toBe(5);
    expect(scrollPosition(1000, 700, 0)).toBe(1000);
    expect(scrollPosition(1000, 700, 10)).toBe(950);
    expect(scrollPosition(1000, 700, 60)).toBe(700);
    expect(scrollPosition(1000, 700, 500)).toBe(700);
    expect(scrollPosition(100, 300, 20)).toBe(200);
  });
});

describe('scrollToTop', () => {
  let frames: FrameRequestCallback[];
  let scrollTo: ReturnType<typeof vi.spyOn>;
  let reducedMotion: boolean;

  beforeEach(() => {
    frames = [];
    reducedMotion = false;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {
      frames = [];
    });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reducedMotion && query === '(prefers-reduced-motion: reduce)',
    }));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1000 });
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (window as { scrollY?: number }).scrollY;
  });

  function blockAt(top: number): HTMLElement {
    const element = document.createElement('div');
    element.getBoundingClientRect = () => ({ top }) as DOMRect;
    return element;
  }

  function runFrame(now: number) {
    const pending = frames;
    frames = [];
    for (const callback of pending) callback(now);
  }

  it('animates the window up to the block top, frame by frame at 5 px/ms', () => {
    scrollToTop(blockAt(-300));
    runFrame(100);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1000);
    runFrame(116);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 920);
    runFrame(200);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
    expect(frames).toHaveLength(0);
  });

  it('leaves room for an offset', () => {
    reducedMotion = true;
    scrollToTop(blockAt(-300), { offset: 50 });
    expect(scrollTo).toHaveBeenCalledWith(0, 650);
  });

  it('does nothing when the block top is already in view', () => {
    scrollToTop(blockAt(20));
    expect(frames).toHaveLength(0);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('jumps at once with prefers-reduced-motion', () => {
    reducedMotion = true;
    scrollToTop(blockAt(-300));
    expect(scrollTo).toHaveBeenCalledWith(0, 700);
    expect(frames).toHaveLength(0);
  });

  it('stops when the user turns the wheel, or when cancelled', () => {
    scrollToTop(blockAt(-300));
    runFrame(0);
    window.dispatchEvent(new Event('wheel'));
    expect(frames).toHaveLength(0);

    const cancel = scrollToTop(blockAt(-300));
    expect(frames).toHaveLength(1);
    cancel();
    expect(frames).toHaveLength(0);
  });
});
