/**
 * The chart's gated actions (SPEC §5, §6): the Excel export of the archive of the period, decided
 * on the row count of the block's archive (core/stores/archive.ts), and the prompts and dialogs the
 * toolbar opens: log in (anonymous visitors), get access (users without paid access), watchlist.
 */
import { atom } from 'nanostores';
import { archiveExportUrl } from '../../core/api/stocks.ts';
import type { ArchiveState } from '../../core/stores/archive.ts';
import type { ChartPeriod } from '../../contract/period.ts';
import { excelExportDecision, type ExcelExportDecision } from './stock-chart.utils.ts';
import type { StockChartContext } from './stock-chart.windows.ts';

export interface ChartPrompts {
  /** A log-in prompt for a feature an anonymous visitor tried. */
  loginPrompt: 'compare' | 'export' | 'watchlist' | null;
  /** The open dialog: the access-upgrade dialog (free users) or the watchlist. */
  dialog: 'access' | 'watchlist' | null;
  /** An export above the auto-export limit: the link the user clicks after the notice. */
  exportLink: { url: string; total: number } | null;
}

const NONE: ChartPrompts = { loginPrompt: null, dialog: null, exportLink: null };

export function createChartExport({ alert }: { alert(key: string): void }) {
  const $prompts = atom<ChartPrompts>(NONE);
  const update = (patch: Partial<ChartPrompts>) => $prompts.set({ ...$prompts.get(), ...patch });

  /**
   * SPEC §5, §6: the export of the period's archive. The caller starts an `auto` download; a larger
   * one waits behind a notice with its link.
   */
  function exportExcel(
    ctx: StockChartContext | null,
    period: ChartPeriod | null,
    archive: ArchiveState,
  ): ExcelExportDecision | null {
    if (!ctx || !period || !ctx.archiveExportLink) return null;
    const decision = excelExportDecision({
      user: ctx.user,
      excelExportAccess: ctx.excelExportAccess,
      total: archive.total,
      archiveFailed: archive.status === 'error',
      url: archiveExportUrl(ctx.archiveExportLink, period.from, period.to),
    });
    update({ exportLink: null });
    switch (decision.kind) {
      case 'login':
        update({ loginPrompt: 'export' });
        break;
      case 'access':
        update({ dialog: 'access', loginPrompt: null });
        break;
      case 'denied':
        alert(decision.label);
        break;
      case 'archive_error':
        alert('chart:export_archive_error');
        break;
      case 'empty':
        alert('chart:export_empty');
        break;
      case 'download':
        if (decision.auto) alert('chart:export_started');
        else update({ exportLink: { url: decision.url, total: archive.total } });
        break;
    }
    return decision;
  }

  return {
    $prompts,
    exportExcel,
    closeExportLink: () => update({ exportLink: null }),
    /** The watchlist dialog, for signed-in users; anonymous visitors are asked to log in. */
    openWatchlist(ctx: StockChartContext | null): void {
      if (!ctx) return;
      if (!ctx.user.userAuth) update({ loginPrompt: 'watchlist' });
      else update({ dialog: 'watchlist', loginPrompt: null });
    },
    askLogin: (feature: 'compare' | 'export' | 'watchlist') => update({ loginPrompt: feature }),
    openAccessDialog: () => update({ dialog: 'access', loginPrompt: null }),
    closeDialog: () => update({ dialog: null }),
    closeLoginPrompt: () => update({ loginPrompt: null }),
    /** The notices of an action on the stock and ground shown: they go when the page moves on. */
    clearNotices: () => update({ loginPrompt: null, exportLink: null }),
  };
}
