/** The issuer page's data (SPEC §3 "Page data"): the issuer, its main stock and its price dynamics. */
import type { IssuerPageData } from '../../../src/contract/types.ts';
import { computePriceDynamics, issuerPriceDynamics } from '../market/price-dynamics.ts';
import { emitentName, type PageContext } from '../market/stock.page-data.ts';
import type { EmitentRow } from '../market/stocks.repo.ts';

export function buildIssuerPageData(ctx: PageContext, emitent: EmitentRow): IssuerPageData {
  // The main stock: the issuer's first (ordinary shares come first), on its main ground.
  const [main] = ctx.repo.stocksOfEmitent(emitent.id);
  const ground = main ? ctx.repo.grounds(main.id)[0] : undefined;
  const raw = main && ground ? computePriceDynamics(ctx.repo, main.id, ground.ground_id) : null;
  return {
    lang: ctx.lang,
    emitentId: emitent.id,
    emitentName: emitentName(ctx.lang, emitent),
    stockId: main?.id ?? null,
    groundId: ground?.ground_id ?? null,
    priceDynamics: raw ? issuerPriceDynamics(raw, ctx.access) : null,
    error: null,
  };
}
