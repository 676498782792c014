/**
 * The archive Excel export (SPEC §2 "export to Excel", §5, §6: paid only): the full-info trading
 * table of a window as a real .xlsx, streamed with exceljs' WorkbookWriter. Its link template is
 * the stock page data's `archiveExportLink` with %from% and %to% (DD.MM.YYYY).
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { dateMs, displayDate } from '../../../src/contract/calendar.ts';
import { ID, type AppContext } from '../shared/context.ts';
import { requestLang } from '../shared/lang.ts';
import { paidRefusal, sendRefusal } from './market.access.ts';
import type { MarketRepository } from './market.repo.ts';
import { archiveDays, defaultWindow, stockAndGround, type ArchiveDay } from './market.tables.ts';
import { FULL_INFO_FIELDS } from '../../../src/contract/stocks.ts';
import { dateWindow, isoDate } from './tradings.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerArchiveExport(app: FastifyInstance, ctx: AppContext, market: MarketRepository): void {
  app.get<{
    Params: { stockId: number; groundId: number };
    Querystring: { dateFrom?: string; dateTo?: string };
  }>(
    '/api/stocks/:stockId/:groundId/archive-export/',
    {
      schema: {
        params: {
          type: 'object',
          properties: { stockId: ID, groundId: ID },
          required: ['stockId', 'groundId'],
        },
        querystring: {
          type: 'object',
          properties: {
            dateFrom: { type: 'string', pattern: '^\\d{2}\\.\\d{2}\\.\\d{4}$' },
            dateTo: { type: 'string', pattern: '^\\d{2}\\.\\d{2}\\.\\d{4}$' },
            lang: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const { stockId, groundId } = request.params;
      const [, ground] = stockAndGround(ctx, stockId, groundId);
      const refusal = paidRefusal(request);
      if (refusal) return sendRefusal(reply, refusal);
      const window = dateWindow(
        isoDate(request.query.dateFrom, 'dateFrom'),
        isoDate(request.query.dateTo, 'dateTo'),
        defaultWindow(market, stockId, groundId, ctx.meta.lastTradingDay),
        ['dateFrom', 'dateTo'],
      );
      const days = archiveDays(market, stockId, groundId, window.from, window.to);
      const lang = requestLang(request);
      const headings = FULL_INFO_FIELDS.map((field) => ctx.labels.text(lang, `market:${field}`));
      const fileName = `${ground.ticker}_${displayDate(window.from)}-${displayDate(window.to)}.xlsx`;

      const stream = new PassThrough();
      writeArchive(stream, headings, days, ground.decimals).catch((error: unknown) => {
        request.log.error({ err: error }, 'archive export failed');
        stream.destroy(error as Error);
      });
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
}

/** Streams the workbook: a heading row, then one row per day (newest first), numbers as numbers. */
async function writeArchive(
  stream: PassThrough,
  headings: string[],
  days: ArchiveDay[],
  decimals: number,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('Archive');
  const priceFormat = decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
  const formats = {
    date: 'dd.mm.yyyy',
    open: priceFormat,
    max: priceFormat,
    min: priceFormat,
    close: priceFormat,
    avg: priceFormat,
    volume: '#,##0',
    value: '#,##0.00',
    change: '0.00',
  };
  sheet.columns = FULL_INFO_FIELDS.map((field, i) => ({
    header: headings[i] ?? field,
    key: field,
    width: field === 'value' ? 18 : 13,
    style: { numFmt: formats[field] },
  }));
  for (const day of days) {
    sheet
      .addRow({
        ...day,
        date: new Date(dateMs(day.date)),
        change: day.change === null ? null : Math.round(day.change * 100) / 100,
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}
