import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsChineseFont } from './compose.ts';
import { exportDrawing } from './export.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('exportDrawing: the download', () => {
  it('clicks an <a download> with the sanitized name and an object URL, revoked afterwards', async () => {
    vi.useFakeTimers();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export-1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: { download: string; href: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href, inDocument: this.isConnected });
    });
    const drawing = {
      width: 20,
      height: 10,
      draw(ctx: CanvasRenderingContext2D) {
        ctx.fillRect(0, 0, 5, 5);
      },
    };
    await exportDrawing('svg', drawing, { fileName: 'a/b\\c:d', title: 'T', lang: 'eng', logo: false });
    expect(clicks).toEqual([{ download: 'a_b_c_d.svg', href: 'blob:export-1', inDocument: true }]);
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('image/svg+xml');
    expect(await blob.text()).toContain('<path d="M0 36L5 36L5 41L0 41Z"');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoked).toHaveBeenCalledWith('blob:export-1');
  });

  it('rejects an empty drawing instead of making an empty file', async () => {
    await expect(
      exportDrawing(
        'png',
        { width: 0, height: 0, draw() {} },
        { fileName: 'x', title: '', lang: 'eng', logo: false },
      ),
    ).rejects.toThrow(/empty/);
  });
});

describe('exportDrawing: PDF in the legacy build', () => {
  it('fails (to be logged) instead of loading pdfmake, which that one classic script would carry inline', async () => {
    vi.stubEnv('MODE', 'legacy');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(
      exportDrawing(
        'pdf',
        { width: 10, height: 10, draw() {} },
        { fileName: 'x', title: '', lang: 'eng', logo: false },
      ),
    ).rejects.toThrow(/module build/);
    expect(click).not.toHaveBeenCalled();
  });
});

describe('needsChineseFont', () => {
  it('takes the CJK font on Chinese pages and for Chinese text on any other page, Roboto otherwise', () => {
    expect(needsChineseFont({ lang: 'chn', title: 'Graph' }, '<text>Sberbank</text>')).toBe(true);
    expect(needsChineseFont({ lang: 'eng', title: 'Graph' }, '<text>中国石油</text>')).toBe(true);
    expect(needsChineseFont({ lang: 'rus', title: '关联公司' }, '<text>Сбербанк</text>')).toBe(true);
    expect(needsChineseFont({ lang: 'eng', title: 'Related: Łódź, Київ' }, '<text>İğdır</text>')).toBe(false);
  });
});
