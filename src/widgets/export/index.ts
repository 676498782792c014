/**
 * The shared export module (SPEC §2, §9: print, PNG, JPEG, PDF, SVG; show-logo): used by
 * <fin-network-graph> and the coming partner chart. What an element uses is here: the menu
 * (`<ExportMenu getDrawing={() => visNetworkDrawing(network)} …>`), `exportDrawing` and the
 * drawing sources. This entry is small (the menu, 1.8 kB gzip); the file makers (export.ts: the
 * SVG recorder, rasterizing, print), pdfmake with Roboto and the Chinese font are lazy chunks.
 */
export { drawLogo, LOGO_WIDTH, LOGO_HEIGHT } from './logo.ts';
export {
  EXPORT_FORMATS,
  exportDrawing,
  type ExportDrawing,
  type ExportFormat,
  type ExportMenuProps,
  type ExportOptions,
} from './export-api.ts';
export { ExportMenu } from './ExportMenu.tsx';
export { useExportMenu } from './use-export-menu.ts';
export { visNetworkDrawing, type VisNetworkLike } from './sources/vis-network.ts';
