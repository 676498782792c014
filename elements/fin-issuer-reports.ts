import { define } from '../src/runtime/define.tsx';
import { IssuerReports, type IssuerReportsProps } from '../src/features/issuer-reports/index.ts';

/**
 * @summary The issuer's financial reports (IFRS from two sources, RAS, FMP), multipliers, analytics comments and quarterly report files, each section a full table with the SPEC access rules.
 * @attr page-data - selector of the issuer page-data block; default `#fin-page-data`
 * @attr sections - which sections to show, separated by spaces: `ifrs ras fmp multipliers comments quarterly`; default every section the issuer has
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart message - the loading, error or no-data line
 * @cssproperty --fin-color-accent - links and buttons
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-issuer-reports sections="ifrs"></fin-issuer-reports>
 * @pageData issuer
 */
define<IssuerReportsProps>('fin-issuer-reports', IssuerReports, {
  props: { pageData: 'string', sections: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-issuer-reports': HTMLElement & IssuerReportsProps;
  }
}
