/** The stock page, /stocks/{stringId}/ and /stocks/{stringId}/{groundId}/ (SPEC §2), and its `?format=json`. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ID, type AppContext } from '../shared/context.ts';
import { showLabelsRequested } from '../shared/labels.ts';
import { pageLang, pickName } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { buildStockPageData, emitentName, pageContext, stockName, stockUrl } from './stock.page-data.ts';
import { sectionHasContent, stockPageBody, stockPageElements } from './stock.template.ts';
import { registerStockPageScript } from './stock-page.script.ts';
import { stockPagePreloadCalls } from './stock.preload.ts';
import { preloadAnswers, preloadRequested } from '../shared/preload.ts';

const PAGE = { page: true } as const;
const STRING_ID = /^[a-z0-9_-]{1,64}$/;

export function registerStockPages(app: FastifyInstance, ctx: AppContext): void {
  registerStockPageScript(app);
  const stockPage = async (
    request: FastifyRequest<{ Params: { stringId: string; groundId?: number } }>,
    reply: FastifyReply,
  ) => {
    const { stringId, groundId } = request.params;
    const stock = STRING_ID.test(stringId) ? ctx.repo.stockByStringId(stringId) : undefined;
    if (!stock && /^\d{1,9}$/.test(stringId)) {
      // Search results may link by numeric id (SPEC §2: /stocks/{id}/): send them to the page's own URL.
      const byId = ctx.repo.stock(Number(stringId));
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      if (byId) return reply.redirect(`${stockUrl(byId.string_id, groundId ?? null)}${query}`, 301);
    }
    if (!stock) throw new HttpError(404, `Unknown stock "${stringId}"`);
    const grounds = ctx.repo.grounds(stock.id);
    const main = grounds[0];
    if (!main) throw new HttpError(404, `Stock "${stringId}" is not traded anywhere`);
    if (groundId === main.ground_id) {
      // The main ground has no segment in its URL (SPEC §2 routes).
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${stockUrl(stock.string_id)}${query}`, 301);
    }
    const ground = groundId === undefined ? main : grounds.find((g) => g.ground_id === groundId);
    if (!ground) throw new HttpError(404, `Stock "${stringId}" is not traded on trading ground ${groundId}`);

    const lang = pageLang(request, reply);
    const data = buildStockPageData(pageContext(ctx, request, lang), stock, ground.ground_id);
    if ((request.query as { format?: string }).format === 'json') {
      return reply.header('Cache-Control', 'no-store').send(data);
    }
    const emitent = ctx.repo.emitent(stock.emitent_id);
    const name = stockName(lang, stock);
    const titleOn = (on: (typeof grounds)[number]) =>
      `${name} (${on.ticker}) · ${pickName(lang, on.name, on.name_eng)}`;
    return sendPage(ctx, request, reply, lang, {
      title: titleOn(ground),
      pageData: data,
      elements: stockPageElements(),
      ...(preloadRequested(request.query)
        ? {
            preload: await preloadAnswers(app, request, lang, stockPagePreloadCalls(data)),
            // The server renders the elements' first view from them (issue 24).
            firstPaint: true,
          }
        : {}),
      // The skip link leads to the chart, the page's main tool, when the page has one.
      ...(sectionHasContent('graph', data)
        ? { skipTo: { id: 'graph', labelKey: 'common:skip_to_chart' } }
        : {}),
      body: stockPageBody({
        lang,
        data,
        name,
        ticker: ground.ticker,
        emitent: emitent ? { id: emitent.id, name: emitentName(lang, emitent) } : null,
        groundsLabel: ctx.labels.text(lang, 'stock:trading_grounds'),
        groundNames: Object.fromEntries(
          grounds.map((on) => [on.ground_id, { title: titleOn(on), ticker: on.ticker }]),
        ),
        elements: stockPageElements(),
        t: (key) => ctx.labels.text(lang, key, showLabelsRequested(request.query)),
      }),
    });
  };
  const stockQuery = {
    type: 'object',
    properties: { format: { type: 'string' }, lang: { type: 'string' }, preload: { type: 'string' } },
  };
  app.get('/stocks/:stringId/', { config: PAGE, schema: { querystring: stockQuery } }, stockPage);
  app.get(
    '/stocks/:stringId/:groundId/',
    {
      config: PAGE,
      schema: {
        querystring: stockQuery,
        params: { type: 'object', properties: { stringId: { type: 'string' }, groundId: ID } },
      },
    },
    stockPage,
  );
}
