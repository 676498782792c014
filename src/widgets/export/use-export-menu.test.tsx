import { act } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { HostContext, type Host } from '../../runtime/host-context.ts';
import { withReactRoot } from '../testing/react-root.ts';
import { useExportMenu } from './index.ts';

let root: Root;
withReactRoot((_c, r) => {
  root = r;
});

const HOST = { tag: 'fin-network-graph' } as Host;

describe('useExportMenu', () => {
  it("gives the menu its texts from the chart labels and logs a failure with the element's tag", () => {
    let menu!: ReturnType<typeof useExportMenu>;
    function Probe() {
      menu = useExportMenu((key) => `«${key}»`);
      return null;
    }
    act(() =>
      root.render(
        <HostContext value={HOST}>
          <Probe />
        </HostContext>,
      ),
    );
    expect(menu.labels).toEqual({
      export: '«chart:export»',
      print: '«chart:export_print»',
      png: '«chart:export_png»',
      jpeg: '«chart:export_jpeg»',
      pdf: '«chart:export_pdf»',
      svg: '«chart:export_svg»',
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    menu.onError!(new Error('canvas tainted'), 'png');
    expect(log).toHaveBeenCalledWith('fin-elements: <fin-network-graph> png export failed: canvas tainted');
    log.mockRestore();
  });
});
