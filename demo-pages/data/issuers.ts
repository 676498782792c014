/**
 * The issuers domain (SPEC §2 "Issuer page blocks", §3 "Reports", "Multipliers", "Comment",
 * "Report file entry", "Consensus forecast list response", "Network graph input"): financial
 * reports (IFRS from two sources, RAS, FMP), analytics comments with their providers, quarterly
 * report files, consensus forecasts and related-issuer links of the core issuers.
 *
 * Every figure is synthetic. Each issuer gets an economic profile (revenue scaled from its market
 * capitalisation, margins, balance ratios) and quarterly figures are drawn from it, so the reports
 * are consistent with each other and with the prices: P/E, P/B and EV/EBITDA computed by the
 * server from these reports and the daily bars land in plausible ranges.
 *
 * Reports are stored per quarter (flows as the quarter's amount, balances at the quarter end); the
 * server sums the quarters of a year with SQL. FMP reports are stored as the provider ships them:
 * cumulative periods of 3, 6, 9 and 12 months (quarter 1–4).
 */
import type Database from 'better-sqlite3';
import { addDays, dateMs } from '../../src/contract/calendar.ts';
import type { DataDomain, DomainContext } from './domains.ts';
import { COUNTRY_USA, EMITENTS, STOCKS, type EmitentDef } from './instruments.ts';
import { FREE_FLOAT, OTHER_HOLDERS } from './market.ts';
import { roundTo } from './prices.ts';
import { substream, type Random } from './random.ts';

// ─── Report sources and lines ───────────────────────────────────────────────────────────────────

/** Report sources; `api_url` is the {apiUrl} of GET /api/company/get-report/{apiUrl}/{id}/. */
export const REPORT_SOURCES = [
  { id: 1, apiUrl: 'msfo', standard: 'msfo', name: 'Отчётность компании', nameEng: 'Company filings' },
  { id: 2, apiUrl: 'msfo2', standard: 'msfo', name: 'Провайдер данных', nameEng: 'Data provider' },
  { id: 3, apiUrl: 'rsbu', standard: 'rsbu', name: 'Отчётность компании', nameEng: 'Company filings' },
  {
    id: 4,
    apiUrl: 'fmp',
    standard: 'fmp',
    name: 'Financial Modeling Prep',
    nameEng: 'Financial Modeling Prep',
  },
] as const;
export type ReportApiUrl = (typeof REPORT_SOURCES)[number]['apiUrl'];
export const SOURCE_MSFO = 1;
export const SOURCE_MSFO2 = 2;
export const SOURCE_RSBU = 3;
export const SOURCE_FMP = 4;

/** flow: the amount of the period (a year sums its quarters); stock: at the period end; opening: at its start. */
export type LineKind = 'flow' | 'stock' | 'opening';
/** mln: millions of the report currency; ccy: currency per share; thousand_persons; mln_pcs: millions of shares. */
export type LineUnit = 'mln' | 'ccy' | 'thousand_persons' | 'mln_pcs';

export interface ReportLineDef {
  code: string;
  /** common: the analytic lines of IFRS and RAS; ras: the official RAS forms; fmp: FMP statements. */
  standard: 'common' | 'ras' | 'fmp';
  section: string;
  parent?: string;
  name: string;
  nameEng: string;
  kind: LineKind;
  unit: LineUnit;
}

type LineSpec = [
  code: string,
  name: string,
  nameEng: string,
  kind?: LineKind,
  unit?: LineUnit,
  parent?: string,
];

function lines(standard: ReportLineDef['standard'], section: string, specs: LineSpec[]): ReportLineDef[] {
  return specs.map(([code, name, nameEng, kind = 'flow', unit = 'mln', parent]) => ({
    code,
    standard,
    section,
    name,
    nameEng,
    kind,
    unit,
    ...(parent ? { parent } : {}),
  }));
}

/** In display order; a line with a parent is one of its sub rows. */
export const REPORT_LINES: ReportLineDef[] = [
  ...lines('common', 'balance_sheet', [
    ['total_assets', 'Активы, всего', 'Total assets', 'stock'],
    ['non_current_assets', 'Внеоборотные активы', 'Non-current assets', 'stock', 'mln', 'total_assets'],
    ['current_assets', 'Оборотные активы', 'Current assets', 'stock', 'mln', 'total_assets'],
    ['cash', 'Денежные средства и эквиваленты', 'Cash and cash equivalents', 'stock'],
    ['total_equity', 'Собственный капитал', 'Total equity', 'stock'],
    ['share_capital', 'Уставный капитал', 'Share capital', 'stock', 'mln', 'total_equity'],
    ['retained_earnings', 'Нераспределённая прибыль', 'Retained earnings', 'stock', 'mln', 'total_equity'],
    ['total_liabilities', 'Обязательства, всего', 'Total liabilities', 'stock'],
    [
      'non_current_liabilities',
      'Долгосрочные обязательства',
      'Non-current liabilities',
      'stock',
      'mln',
      'total_liabilities',
    ],
    [
      'current_liabilities',
      'Краткосрочные обязательства',
      'Current liabilities',
      'stock',
      'mln',
      'total_liabilities',
    ],
    ['total_debt', 'Кредиты и займы', 'Borrowings', 'stock'],
    ['long_term_debt', 'Долгосрочные кредиты и займы', 'Long-term borrowings', 'stock', 'mln', 'total_debt'],
    [
      'short_term_debt',
      'Краткосрочные кредиты и займы',
      'Short-term borrowings',
      'stock',
      'mln',
      'total_debt',
    ],
    ['ppe', 'Основные средства', 'Property, plant and equipment', 'stock'],
    ['intangibles', 'Нематериальные активы', 'Intangible assets', 'stock'],
    ['inventories', 'Запасы', 'Inventories', 'stock'],
    ['receivables', 'Дебиторская задолженность', 'Trade and other receivables', 'stock'],
    ['payables', 'Кредиторская задолженность', 'Trade and other payables', 'stock'],
  ]),
  ...lines('common', 'profit_and_loss', [
    ['revenue', 'Выручка', 'Revenue'],
    ['revenue_domestic', 'Выручка на внутреннем рынке', 'Domestic revenue', 'flow', 'mln', 'revenue'],
    ['revenue_export', 'Выручка на внешних рынках', 'Revenue abroad', 'flow', 'mln', 'revenue'],
    ['gross_profit', 'Валовая прибыль', 'Gross profit'],
    ['operating_profit', 'Операционная прибыль', 'Operating profit'],
    ['ebitda', 'EBITDA', 'EBITDA'],
    ['net_income', 'Чистая прибыль', 'Net income'],
    [
      'net_income_parent',
      'приходящаяся на акционеров компании',
      'attributable to shareholders',
      'flow',
      'mln',
      'net_income',
    ],
    [
      'minority_interest',
      'приходящаяся на неконтролирующие доли',
      'attributable to non-controlling interests',
      'flow',
      'mln',
      'net_income',
    ],
    ['cost_of_sales', 'Себестоимость продаж', 'Cost of sales'],
    ['sga', 'Коммерческие и управленческие расходы', 'Selling, general and administrative expenses'],
    ['depreciation', 'Амортизация', 'Depreciation and amortisation'],
    ['finance_income', 'Финансовые доходы', 'Finance income'],
    ['finance_costs', 'Финансовые расходы', 'Finance costs'],
    ['pretax_income', 'Прибыль до налогообложения', 'Profit before tax'],
    ['income_tax', 'Налог на прибыль', 'Income tax'],
    ['eps', 'Прибыль на акцию', 'Earnings per share', 'flow', 'ccy'],
  ]),
  ...lines('common', 'cash_flow_statement', [
    ['operating_cf', 'Денежный поток от операционной деятельности', 'Net cash from operating activities'],
    [
      'investing_cf',
      'Денежный поток от инвестиционной деятельности',
      'Net cash used in investing activities',
    ],
    ['capex', 'Капитальные затраты', 'Capital expenditure', 'flow', 'mln', 'investing_cf'],
    ['financing_cf', 'Денежный поток от финансовой деятельности', 'Net cash from financing activities'],
    ['dividends_paid', 'Выплаченные дивиденды', 'Dividends paid', 'flow', 'mln', 'financing_cf'],
    ['free_cash_flow', 'Свободный денежный поток', 'Free cash flow'],
    ['net_change_cash', 'Изменение денежных средств', 'Net change in cash'],
    ['interest_paid', 'Проценты уплаченные', 'Interest paid'],
    ['tax_paid', 'Налог на прибыль уплаченный', 'Income tax paid'],
  ]),
  ...lines('common', 'params', [
    ['shares', 'Количество акций', 'Shares outstanding', 'stock', 'mln_pcs'],
    ['employees', 'Численность персонала', 'Employees', 'stock', 'thousand_persons'],
    ['bvps', 'Балансовая стоимость на акцию', 'Book value per share', 'stock', 'ccy'],
    ['dps', 'Дивиденды на акцию', 'Dividends per share', 'flow', 'ccy'],
    ['net_debt', 'Чистый долг', 'Net debt', 'stock'],
    ['working_capital', 'Оборотный капитал', 'Working capital', 'stock'],
  ]),
  ...lines('ras', 'rsbu_balance', [
    ['ras_1100', 'Итого внеоборотных активов (1100)', 'Total non-current assets (1100)', 'stock'],
    ['ras_1150', 'Основные средства (1150)', 'Fixed assets (1150)', 'stock', 'mln', 'ras_1100'],
    ['ras_1170', 'Финансовые вложения (1170)', 'Financial investments (1170)', 'stock', 'mln', 'ras_1100'],
    ['ras_1200', 'Итого оборотных активов (1200)', 'Total current assets (1200)', 'stock'],
    ['ras_1210', 'Запасы (1210)', 'Inventories (1210)', 'stock', 'mln', 'ras_1200'],
    [
      'ras_1230',
      'Дебиторская задолженность (1230)',
      'Accounts receivable (1230)',
      'stock',
      'mln',
      'ras_1200',
    ],
    [
      'ras_1250',
      'Денежные средства и денежные эквиваленты (1250)',
      'Cash and cash equivalents (1250)',
      'stock',
      'mln',
      'ras_1200',
    ],
    ['ras_1600', 'Баланс, актив (1600)', 'Balance, assets (1600)', 'stock'],
    ['ras_1300', 'Итого капитал и резервы (1300)', 'Total capital and reserves (1300)', 'stock'],
    ['ras_1400', 'Итого долгосрочных обязательств (1400)', 'Total long-term liabilities (1400)', 'stock'],
    ['ras_1410', 'Заёмные средства (1410)', 'Borrowings (1410)', 'stock', 'mln', 'ras_1400'],
    ['ras_1500', 'Итого краткосрочных обязательств (1500)', 'Total short-term liabilities (1500)', 'stock'],
    ['ras_1510', 'Заёмные средства (1510)', 'Borrowings (1510)', 'stock', 'mln', 'ras_1500'],
    ['ras_1520', 'Кредиторская задолженность (1520)', 'Accounts payable (1520)', 'stock', 'mln', 'ras_1500'],
    ['ras_1700', 'Баланс, пассив (1700)', 'Balance, liabilities and equity (1700)', 'stock'],
  ]),
  ...lines('ras', 'rsbu_profit_and_loss', [
    ['ras_2110', 'Выручка (2110)', 'Revenue (2110)'],
    ['ras_2120', 'Себестоимость продаж (2120)', 'Cost of sales (2120)'],
    ['ras_2100', 'Валовая прибыль (2100)', 'Gross profit (2100)'],
    ['ras_2200', 'Прибыль от продаж (2200)', 'Profit from sales (2200)'],
    ['ras_2400', 'Чистая прибыль (2400)', 'Net profit (2400)'],
    ['ras_2210', 'Коммерческие расходы (2210)', 'Selling expenses (2210)'],
    ['ras_2220', 'Управленческие расходы (2220)', 'Administrative expenses (2220)'],
    ['ras_2320', 'Проценты к получению (2320)', 'Interest receivable (2320)'],
    ['ras_2330', 'Проценты к уплате (2330)', 'Interest payable (2330)'],
    ['ras_2300', 'Прибыль до налогообложения (2300)', 'Profit before tax (2300)'],
    ['ras_2410', 'Налог на прибыль (2410)', 'Income tax (2410)'],
  ]),
  ...lines('ras', 'report_cash_flow', [
    [
      'ras_4100',
      'Сальдо денежных потоков от текущих операций (4100)',
      'Net cash flow from operations (4100)',
    ],
    ['ras_4110', 'Поступления (4110)', 'Receipts (4110)', 'flow', 'mln', 'ras_4100'],
    ['ras_4120', 'Платежи (4120)', 'Payments (4120)', 'flow', 'mln', 'ras_4100'],
    [
      'ras_4200',
      'Сальдо денежных потоков от инвестиционных операций (4200)',
      'Net cash flow from investing (4200)',
    ],
    [
      'ras_4300',
      'Сальдо денежных потоков от финансовых операций (4300)',
      'Net cash flow from financing (4300)',
    ],
    ['ras_4400', 'Сальдо денежных потоков за отчётный период (4400)', 'Net cash flow for the period (4400)'],
    [
      'ras_4500',
      'Остаток денежных средств на конец периода (4500)',
      'Cash at the end of the period (4500)',
      'stock',
    ],
    [
      'ras_4450',
      'Остаток денежных средств на начало периода (4450)',
      'Cash at the beginning of the period (4450)',
      'opening',
    ],
  ]),
  // FMP field names (https://site.financialmodelingprep.com/developer/docs), prefixed to stay unique.
  ...lines('fmp', 'IS', [
    ['fmp.revenue', 'Выручка', 'Revenue'],
    ['fmp.costOfRevenue', 'Себестоимость', 'Cost of revenue'],
    ['fmp.grossProfit', 'Валовая прибыль', 'Gross profit'],
    [
      'fmp.sellingGeneralAndAdministrativeExpenses',
      'Коммерческие и управленческие расходы',
      'Selling, general and administrative expenses',
    ],
    ['fmp.operatingIncome', 'Операционная прибыль', 'Operating income'],
    ['fmp.ebitda', 'EBITDA', 'EBITDA'],
    ['fmp.interestExpense', 'Процентные расходы', 'Interest expense'],
    ['fmp.incomeBeforeTax', 'Прибыль до налогообложения', 'Income before tax'],
    ['fmp.incomeTaxExpense', 'Налог на прибыль', 'Income tax expense'],
    ['fmp.netIncome', 'Чистая прибыль', 'Net income'],
    ['fmp.eps', 'Прибыль на акцию', 'EPS', 'flow', 'ccy'],
  ]),
  ...lines('fmp', 'BS', [
    ['fmp.totalAssets', 'Активы, всего', 'Total assets', 'stock'],
    ['fmp.totalCurrentAssets', 'Оборотные активы', 'Total current assets', 'stock'],
    ['fmp.cashAndCashEquivalents', 'Денежные средства', 'Cash and cash equivalents', 'stock'],
    ['fmp.netReceivables', 'Дебиторская задолженность', 'Net receivables', 'stock'],
    ['fmp.inventory', 'Запасы', 'Inventory', 'stock'],
    ['fmp.propertyPlantEquipmentNet', 'Основные средства', 'Property, plant and equipment, net', 'stock'],
    ['fmp.totalLiabilities', 'Обязательства, всего', 'Total liabilities', 'stock'],
    ['fmp.totalCurrentLiabilities', 'Краткосрочные обязательства', 'Total current liabilities', 'stock'],
    ['fmp.totalDebt', 'Долг', 'Total debt', 'stock'],
    ['fmp.totalStockholdersEquity', 'Собственный капитал', "Total stockholders' equity", 'stock'],
    ['fmp.netDebt', 'Чистый долг', 'Net debt', 'stock'],
  ]),
  ...lines('fmp', 'CF', [
    ['fmp.operatingCashFlow', 'Операционный денежный поток', 'Operating cash flow'],
    ['fmp.capitalExpenditure', 'Капитальные затраты', 'Capital expenditure'],
    ['fmp.freeCashFlow', 'Свободный денежный поток', 'Free cash flow'],
    [
      'fmp.netCashUsedForInvestingActivites',
      'Денежный поток от инвестиционной деятельности',
      'Net cash used for investing activities',
    ],
    ['fmp.dividendsPaid', 'Выплаченные дивиденды', 'Dividends paid'],
    [
      'fmp.netCashUsedProvidedByFinancingActivities',
      'Денежный поток от финансовой деятельности',
      'Net cash used / provided by financing activities',
    ],
    ['fmp.netChangeInCash', 'Изменение денежных средств', 'Net change in cash'],
  ]),
];

/** FMP line → the common line it is taken from. */
const FMP_FROM: Record<string, string> = {
  'fmp.revenue': 'revenue',
  'fmp.costOfRevenue': 'cost_of_sales',
  'fmp.grossProfit': 'gross_profit',
  'fmp.sellingGeneralAndAdministrativeExpenses': 'sga',
  'fmp.operatingIncome': 'operating_profit',
  'fmp.ebitda': 'ebitda',
  'fmp.interestExpense': 'finance_costs',
  'fmp.incomeBeforeTax': 'pretax_income',
  'fmp.incomeTaxExpense': 'income_tax',
  'fmp.netIncome': 'net_income',
  'fmp.eps': 'eps',
  'fmp.totalAssets': 'total_assets',
  'fmp.totalCurrentAssets': 'current_assets',
  'fmp.cashAndCashEquivalents': 'cash',
  'fmp.netReceivables': 'receivables',
  'fmp.inventory': 'inventories',
  'fmp.propertyPlantEquipmentNet': 'ppe',
  'fmp.totalLiabilities': 'total_liabilities',
  'fmp.totalCurrentLiabilities': 'current_liabilities',
  'fmp.totalDebt': 'total_debt',
  'fmp.totalStockholdersEquity': 'total_equity',
  'fmp.netDebt': 'net_debt',
  'fmp.operatingCashFlow': 'operating_cf',
  'fmp.capitalExpenditure': 'capex',
  'fmp.freeCashFlow': 'free_cash_flow',
  'fmp.netCashUsedForInvestingActivites': 'investing_cf',
  'fmp.dividendsPaid': 'dividends_paid',
  'fmp.netCashUsedProvidedByFinancingActivities': 'financing_cf',
  'fmp.netChangeInCash': 'net_change_cash',
};

// ─── Which issuer has what ──────────────────────────────────────────────────────────────────────

/** Banks: assets many times revenue, thin equity, no inventories. */
const BANKS = new Set([1, 11]);
/** The second IFRS source (data provider) covers these issuers. */
const MSFO2_ISSUERS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 21, 22, 23]);
/** FMP ships only full years for these; the others have 3/6/9/12-month periods. */
const FMP_ANNUAL_ONLY = new Set([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
/** No FMP report at all. */
const NO_FMP = new Set([26]);
/** Reports start later (a recent listing): the first reported year. */
const FIRST_YEAR_OVERRIDE = new Map([[26, -3]]);
/** No consensus forecasts (SPEC §2: the block shows only when there are items). */
const NO_CONSENSUS = new Set([12, 18, 19, 20, 24, 26]);
/** Full years of reports before the current one. */
export const REPORT_YEARS = 6;
/** Days after the quarter end when its report is out. */
const PUBLICATION_LAG_DAYS = 45;

// ─── Comments ───────────────────────────────────────────────────────────────────────────────────

/** File access kinds (SPEC §4 "Comment file access"): open to all, paid users only, on request to the provider. */
export type CommentFileAccess = 'open' | 'paid' | 'request';

/** Languages a provider writes in: the first is the original, the others are its translations. */
export type CommentLanguage = 'rus' | 'eng' | 'deu' | 'fra';

export const COMMENT_PROVIDERS: Array<{
  id: number;
  name: string;
  nameEng: string;
  access: CommentFileAccess;
  languages: CommentLanguage[];
}> = [
  { id: 1, name: 'Демо Аналитика', nameEng: 'Demo Analytics', access: 'open', languages: ['rus', 'eng'] },
  {
    id: 2,
    name: 'Северный мост Research',
    nameEng: 'Northbridge Research',
    access: 'paid',
    languages: ['eng', 'rus'],
  },
  { id: 3, name: 'Quant Partners', nameEng: 'Quant Partners', access: 'request', languages: ['eng'] },
  {
    id: 4,
    name: 'Alpenblick Kapital',
    nameEng: 'Alpenblick Kapital',
    access: 'request',
    languages: ['deu', 'eng'],
  },
  {
    id: 5,
    name: 'Observatoire Financier',
    nameEng: 'Observatoire Financier',
    access: 'open',
    languages: ['fra', 'eng'],
  },
];

/** The comment whose content carries a hostile `<img onerror>` (stored as is in every version; the client sanitizes). Its provider writes in English. */
export const HOSTILE_COMMENT_CONTENT =
  '<p>Model update.</p><img src="x" onerror="alert(\'xss\')"><p>Details in the file.</p>';

/** Seeded access requests of the demo accounts (user 1 free, user 2 paid). */
export const SEEDED_ACCESS_REQUESTS = [
  { userId: 1, providerId: 3, status: 'sent' },
  { userId: 2, providerId: 3, status: 'approved' },
  { userId: 2, providerId: 4, status: 'rejected' },
] as const;

/** What a comment says, filled in for its issuer (or its pair of issuers): the period, revenue growth and margin. */
interface CommentFacts {
  /** The issuer's name in the text's language; for a peer comment, both names joined. */
  name: string;
  /** The peer of a sector comment, or null. */
  peer: string | null;
  year: number;
  growth: string;
  margin: string;
}

type CommentText = (facts: CommentFacts) => { title: string; content: string };

/** A topic a provider writes about, in each language a provider may publish it. */
interface CommentTopic {
  providers: number[];
  format: 'pdf' | 'xlsx' | 'txt' | null;
  text: Record<CommentLanguage, CommentText>;
}

const COMMENT_TOPICS: CommentTopic[] = [
  {
    providers: [1, 2],
    format: 'pdf',
    text: {
      rus: ({ name, year, growth, margin }) => ({
        title: `${name}: итоги ${year} года по МСФО`,
        content: `<p>${name} опубликовала отчётность по МСФО. Выручка изменилась на <b>${growth}%</b> год к году, рентабельность по EBITDA составила <b>${margin}%</b>.</p><ul><li>Долговая нагрузка остаётся умеренной.</li><li>Прогноз дивидендов сохраняем.</li></ul>`,
      }),
      eng: ({ name, year, growth, margin }) => ({
        title: `${name}: ${year} IFRS results`,
        content: `<p>${name} published its IFRS results. Revenue changed by <b>${growth}%</b> year on year; the EBITDA margin was <b>${margin}%</b>.</p><ul><li>Leverage stays moderate.</li><li>We keep the dividend forecast.</li></ul>`,
      }),
      deu: ({ name, year, growth, margin }) => ({
        title: `${name}: IFRS-Ergebnisse ${year}`,
        content: `<p>${name} hat die IFRS-Ergebnisse veröffentlicht. Umsatz <b>${growth}%</b> gegenüber Vorjahr, EBITDA-Marge <b>${margin}%</b>.</p><ul><li>Die Verschuldung bleibt moderat.</li><li>Die Dividendenprognose bleibt.</li></ul>`,
      }),
      fra: ({ name, year, growth, margin }) => ({
        title: `${name} : résultats IFRS ${year}`,
        content: `<p>${name} a publié ses comptes IFRS. Chiffre d'affaires <b>${growth}%</b> sur un an, marge d'EBITDA <b>${margin}%</b>.</p><ul><li>L'endettement reste modéré.</li><li>Nous maintenons la prévision de dividende.</li></ul>`,
      }),
    },
  },
  {
    providers: [3, 2],
    format: 'xlsx',
    text: {
      rus: ({ name, year, growth, margin }) => ({
        title: `${name}: обзор результатов ${year} года`,
        content: `<p>Выручка ${name} изменилась на <b>${growth}%</b> год к году при рентабельности по EBITDA <b>${margin}%</b>.</p><p>Сохраняем <i>нейтральный</i> взгляд; модель во вложении.</p>`,
      }),
      eng: ({ name, year, growth, margin }) => ({
        title: `${name}: ${year} results review`,
        content: `<p>${name} reported revenue <b>${growth}%</b> year on year with an EBITDA margin of <b>${margin}%</b>.</p><p>We keep our <i>neutral</i> view; see the attached model.</p>`,
      }),
      deu: ({ name, year, growth, margin }) => ({
        title: `${name}: Ergebnisüberblick ${year}`,
        content: `<p>${name}: Umsatz <b>${growth}%</b> gegenüber Vorjahr bei einer EBITDA-Marge von <b>${margin}%</b>.</p><p>Wir bleiben <i>neutral</i>; das Modell liegt bei.</p>`,
      }),
      fra: ({ name, year, growth, margin }) => ({
        title: `${name} : revue des résultats ${year}`,
        content: `<p>Le chiffre d'affaires de ${name} évolue de <b>${growth}%</b> sur un an, marge d'EBITDA de <b>${margin}%</b>.</p><p>Avis <i>neutre</i> maintenu ; modèle en pièce jointe.</p>`,
      }),
    },
  },
  {
    providers: [3, 1],
    format: 'txt',
    text: {
      rus: ({ name, growth }) => ({
        title: `${name}: дивиденды и денежный поток`,
        content: `<p>Свободный денежный поток ${name} позволяет сохранить выплаты. Рост выручки: ${growth}%.</p><blockquote>Риски: валютный курс, налоговая нагрузка.</blockquote>`,
      }),
      eng: ({ name, growth }) => ({
        title: `${name}: shareholder returns and cash flow`,
        content: `<p>Free cash flow lets ${name} keep its payouts. Revenue growth: ${growth}%.</p><blockquote>Risks: the exchange rate, taxes.</blockquote>`,
      }),
      deu: ({ name, growth }) => ({
        title: `${name}: Dividenden und Cashflow`,
        content: `<p>Der freie Cashflow erlaubt ${name}, die Ausschüttungen zu halten. Umsatzwachstum: ${growth}%.</p><blockquote>Risiken: Wechselkurs, Steuern.</blockquote>`,
      }),
      fra: ({ name, growth }) => ({
        title: `${name} : dividendes et flux de trésorerie`,
        content: `<p>Le flux de trésorerie disponible permet à ${name} de maintenir ses distributions. Croissance du chiffre d'affaires : ${growth}%.</p><blockquote>Risques : change, fiscalité.</blockquote>`,
      }),
    },
  },
  {
    providers: [4],
    format: 'pdf',
    text: {
      rus: ({ name, year, growth, margin }) => ({
        title: `${name}: оценка после результатов ${year} года`,
        content: `<p>${name}: выручка ${growth}% год к году, рентабельность по EBITDA <b>${margin}%</b>.</p><p>Оценку не меняем.</p>`,
      }),
      eng: ({ name, year, growth, margin }) => ({
        title: `${name}: valuation after the ${year} results`,
        content: `<p>${name}: revenue ${growth}% year on year, EBITDA margin <b>${margin}%</b>.</p><p>Valuation unchanged.</p>`,
      }),
      deu: ({ name, year, growth, margin }) => ({
        title: `${name}: Ergebnisse ${year}`,
        content: `<p>${name}: Umsatz ${growth}% gegenüber Vorjahr, EBITDA-Marge <b>${margin}%</b>.</p><p>Bewertung unverändert.</p>`,
      }),
      fra: ({ name, year, growth, margin }) => ({
        title: `${name} : valorisation après les résultats ${year}`,
        content: `<p>${name} : chiffre d'affaires ${growth}% sur un an, marge d'EBITDA <b>${margin}%</b>.</p><p>Valorisation inchangée.</p>`,
      }),
    },
  },
  {
    providers: [5],
    format: null,
    text: {
      rus: ({ name, year, growth, margin }) => ({
        title: `${name}: заметка о результатах ${year} года`,
        content: `<p>Выручка ${name} изменилась на <b>${growth}%</b> за год; рентабельность по EBITDA ${margin}%.</p>`,
      }),
      eng: ({ name, year, growth, margin }) => ({
        title: `${name}: a note on the ${year} results`,
        content: `<p>${name}'s revenue moved <b>${growth}%</b> over the year; EBITDA margin ${margin}%.</p>`,
      }),
      deu: ({ name, year, growth, margin }) => ({
        title: `${name}: Notiz zu den Ergebnissen ${year}`,
        content: `<p>Der Umsatz von ${name} veränderte sich um <b>${growth}%</b>; EBITDA-Marge ${margin}%.</p>`,
      }),
      fra: ({ name, year, growth, margin }) => ({
        title: `${name} : résultats ${year}`,
        content: `<p>Le chiffre d'affaires de ${name} évolue de <b>${growth}%</b> sur un an ; marge d'EBITDA de ${margin}%.</p>`,
      }),
    },
  },
];

/** A sector comment about two issuers (listed on both their pages): it names both. */
const PEER_TEXT: Record<CommentLanguage, CommentText> = {
  rus: ({ name, peer, year, growth, margin }) => ({
    title: `${name} и ${peer}: сравнение результатов ${year} года`,
    content: `<p>Сравниваем ${name} и ${peer}. Выручка ${name} изменилась на <b>${growth}%</b> год к году, рентабельность по EBITDA — <b>${margin}%</b>.</p><p>${peer} остаётся ориентиром для оценки сектора.</p>`,
  }),
  eng: ({ name, peer, year, growth, margin }) => ({
    title: `${name} and ${peer}: ${year} results compared`,
    content: `<p>We compare ${name} with ${peer}. ${name}'s revenue changed by <b>${growth}%</b> year on year, with an EBITDA margin of <b>${margin}%</b>.</p><p>${peer} stays the sector's benchmark.</p>`,
  }),
  deu: ({ name, peer, year, growth, margin }) => ({
    title: `${name} und ${peer}: Ergebnisse ${year} im Vergleich`,
    content: `<p>Wir vergleichen ${name} mit ${peer}. Umsatz von ${name} <b>${growth}%</b> gegenüber Vorjahr, EBITDA-Marge <b>${margin}%</b>.</p><p>${peer} bleibt der Maßstab des Sektors.</p>`,
  }),
  fra: ({ name, peer, year, growth, margin }) => ({
    title: `${name} et ${peer} : résultats ${year} comparés`,
    content: `<p>Nous comparons ${name} et ${peer}. Chiffre d'affaires de ${name} <b>${growth}%</b> sur un an, marge d'EBITDA <b>${margin}%</b>.</p><p>${peer} reste la référence du secteur.</p>`,
  }),
};

// ─── Consensus and relations ────────────────────────────────────────────────────────────────────

/** Consensus indicators in display order; `line` is the report line whose last annual value is the actual. */
export const CONSENSUS_INDICATORS: Array<{ code: string; line: string | null; unit: LineUnit | 'percent' }> =
  [
    { code: 'revenue', line: 'revenue', unit: 'mln' },
    { code: 'ebitda', line: 'ebitda', unit: 'mln' },
    { code: 'net_income', line: 'net_income', unit: 'mln' },
    { code: 'eps', line: 'eps', unit: 'ccy' },
    { code: 'dps', line: 'dps', unit: 'ccy' },
    { code: 'net_debt', line: 'net_debt', unit: 'mln' },
    { code: 'capex', line: 'capex', unit: 'mln' },
    { code: 'free_cash_flow', line: 'free_cash_flow', unit: 'mln' },
    { code: 'roe', line: null, unit: 'percent' },
    { code: 'share_price', line: null, unit: 'ccy' },
  ];

/**
 * Companies that are not issuers of the demo but appear in the relations graph (ids from 10001).
 * A holder of a stock (market.ts HOLDERS) is the company of the same name here.
 */
export const RELATED_ENTITIES: Array<{ id: number; name: string; nameEng: string }> = [
  { id: 10001, name: 'Министерство финансов РФ', nameEng: 'Ministry of Finance of Russia' },
  { id: 10002, name: 'Росимущество', nameEng: 'Federal Agency for State Property Management' },
  { id: 10003, name: 'АО «Роснефтегаз»', nameEng: 'Rosneftegaz JSC' },
  { id: 10004, name: 'Банк России', nameEng: 'Bank of Russia' },
  { id: 10005, name: 'Сбербанк Лизинг', nameEng: 'Sberbank Leasing' },
  { id: 10006, name: 'ДомКлик', nameEng: 'DomClick' },
  { id: 10007, name: 'Газпром нефть', nameEng: 'Gazprom Neft' },
  { id: 10008, name: 'Газпром межрегионгаз', nameEng: 'Gazprom Mezhregiongaz' },
  { id: 10009, name: 'ЛУКОЙЛ-Западная Сибирь', nameEng: 'LUKOIL-Western Siberia' },
  { id: 10010, name: 'Кольская ГМК', nameEng: 'Kola MMC' },
  { id: 10011, name: 'Интеррос', nameEng: 'Interros' },
  { id: 10012, name: 'РУСАЛ', nameEng: 'RUSAL' },
  { id: 10013, name: 'Башнефть', nameEng: 'Bashneft' },
  { id: 10014, name: 'Ямал СПГ', nameEng: 'Yamal LNG' },
  { id: 10015, name: 'Тандер', nameEng: 'Tander' },
  { id: 10016, name: 'МТС Банк', nameEng: 'MTS Bank' },
  { id: 10017, name: 'АФК «Система»', nameEng: 'Sistema PJSFC' },
  { id: 10018, name: 'Киришинефтеоргсинтез', nameEng: 'Kirishinefteorgsintez' },
  { id: 10019, name: 'ВТБ Лизинг', nameEng: 'VTB Leasing' },
  { id: 10020, name: 'Почта Банк', nameEng: 'Pochta Bank' },
  { id: 10021, name: 'Победа', nameEng: 'Pobeda Airlines' },
  { id: 10022, name: 'Республика Саха (Якутия)', nameEng: 'Republic of Sakha (Yakutia)' },
  { id: 10023, name: 'Карельский окатыш', nameEng: 'Karelsky Okatysh' },
  { id: 10024, name: 'НЛМК-Урал', nameEng: 'NLMK Ural' },
  { id: 10025, name: 'Полюс Красноярск', nameEng: 'Polyus Krasnoyarsk' },
  { id: 10026, name: 'Национальный клиринговый центр', nameEng: 'National Clearing Centre' },
  { id: 10027, name: 'Национальный расчётный депозитарий', nameEng: 'National Settlement Depository' },
  { id: 10028, name: 'Мосэнергосбыт', nameEng: 'Mosenergosbyt' },
  { id: 10029, name: 'Апатит', nameEng: 'Apatit' },
  { id: 10030, name: 'Т2 РТК Холдинг', nameEng: 'T2 RTK Holding' },
  { id: 10031, name: 'Beats Electronics', nameEng: 'Beats Electronics' },
  { id: 10032, name: 'LinkedIn', nameEng: 'LinkedIn' },
  { id: 10033, name: 'GitHub', nameEng: 'GitHub' },
  { id: 10034, name: 'Mellanox Technologies', nameEng: 'Mellanox Technologies' },
  { id: 10035, name: 'Coca-Cola Europacific Partners', nameEng: 'Coca-Cola Europacific Partners' },
  { id: 10036, name: 'Costa Limited', nameEng: 'Costa Limited' },
  { id: 10037, name: 'Maxwell Technologies', nameEng: 'Maxwell Technologies' },
  { id: 10038, name: 'АО «Связьинвестнефтехим»', nameEng: 'Svyazinvestneftekhim JSC' },
];

/**
 * Sberbank's group (synthetic, like the rest of the demo data): more than ten links over two levels,
 * every relation type, shares with decimals, an affiliate without share and names longer than the
 * network graph's 22-character cut, so the graph sizes its nodes and the table has rows to sort.
 * Ids from 20001, so the holders' companies (numbered after RELATED_ENTITIES) keep their ids.
 */
export const GROUP_ENTITIES: Array<{ id: number; name: string; nameEng: string }> = [
  { id: 20001, name: 'Сбербанк Страхование жизни', nameEng: 'Sberbank Life Insurance Company' },
  { id: 20002, name: 'СберТех', nameEng: 'SberTech' },
  { id: 20003, name: '2ГИС', nameEng: '2GIS' },
  { id: 20004, name: 'Рамблер Групп', nameEng: 'Rambler Group' },
  { id: 20005, name: 'Эвотор', nameEng: 'Evotor' },
  { id: 20006, name: 'Открытые технологии', nameEng: 'Open Technologies' },
  { id: 20007, name: 'Фонд «Вклад в будущее»', nameEng: 'Contribution to the Future Foundation' },
  { id: 20008, name: 'Центр недвижимости от Сбербанка', nameEng: 'Sberbank Real Estate Centre' },
  { id: 20009, name: 'СберКлауд', nameEng: 'SberCloud' },
  { id: 20010, name: 'Афиша', nameEng: 'Afisha' },
  { id: 20011, name: 'Навиком', nameEng: 'Navicom' },
];

/**
 * Ownership (owner → owned, approximate stake in percent; the server draws a synthetic stake
 * around it) and affiliation links. The owners of an issuer whose stock names its holders (market.ts
 * HOLDERS) are those holders instead: their lines here are not used. Diasoft (26) has none: its graph is empty.
 */
const RELATIONS: Array<[owner: number, owned: number, stake: number | null]> = [
  [10001, 1, 50],
  [1, 10005, 100],
  [1, 10006, 100],
  [1, 17, 10],
  [10002, 2, 38],
  [10003, 2, 11],
  [2, 10007, 96],
  [2, 10008, 100],
  [2, 6, 10],
  [3, 10009, 100],
  [10011, 4, 36],
  [10012, 4, 27],
  [4, 10010, 100],
  [10003, 5, 40],
  [5, 10013, 60],
  [5, 18, 9],
  [6, 10014, 50],
  [7, 10015, 100],
  [10017, 8, 42],
  [8, 10016, 55],
  [10038, 9, 36],
  [10, 10018, 100],
  [10002, 11, 61],
  [11, 10019, 100],
  [11, 10020, 50],
  [11, 17, 8],
  [10002, 12, 73],
  [12, 10021, 100],
  [10002, 13, 33],
  [10022, 13, 25],
  [14, 10023, 100],
  [15, 10024, 100],
  [16, 10025, 100],
  [10004, 17, 12],
  [17, 10026, 100],
  [17, 10027, 99],
  [18, 10028, 51],
  [19, 10029, 100],
  [10002, 20, 38],
  [20, 10030, 100],
  [21, 10031, 100],
  [22, 10032, 100],
  [22, 10033, 100],
  [23, 10034, 100],
  [24, 10035, 19],
  [24, 10036, 100],
  [25, 10037, 100],
  [8, 20, null],
  // Sberbank's group (GROUP_ENTITIES): its own links, then its subsidiaries' and associates'.
  [1, 20001, 100],
  [1, 20002, 100],
  [1, 20003, 72],
  [1, 20004, 45],
  [1, 20005, 40],
  [1, 20006, 12],
  [1, 20007, null],
  [10006, 20008, 100],
  [20002, 20009, 100],
  [20003, 20011, 30],
  [20004, 20010, 100],
  [21, 22, null],
];

// ─── Schema ─────────────────────────────────────────────────────────────────────────────────────

const SCHEMA = `
CREATE TABLE issuer_report_sources (
  id       INTEGER PRIMARY KEY,
  api_url  TEXT NOT NULL UNIQUE,
  standard TEXT NOT NULL,
  name     TEXT NOT NULL,
  name_eng TEXT NOT NULL
);

-- Report lines; parent_code makes a line a sub row of another (SPEC §3 "Reports": sub_rows).
CREATE TABLE issuer_report_lines (
  code        TEXT PRIMARY KEY,
  standard    TEXT NOT NULL CHECK (standard IN ('common', 'ras', 'fmp')),
  section     TEXT NOT NULL,
  position    INTEGER NOT NULL,
  parent_code TEXT REFERENCES issuer_report_lines(code),
  name        TEXT NOT NULL,
  name_eng    TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('flow', 'stock', 'opening')),
  unit        TEXT NOT NULL
);

-- Which issuer has which report, in which currency.
CREATE TABLE issuer_reports (
  emitent_id INTEGER NOT NULL REFERENCES emitents(id),
  source_id  INTEGER NOT NULL REFERENCES issuer_report_sources(id),
  currency   TEXT NOT NULL,
  PRIMARY KEY (emitent_id, source_id)
) WITHOUT ROWID;

-- Flows are the quarter's amount, balances at the quarter end; FMP (source 4) stores cumulative
-- periods: quarter k = the first 3k months of the year.
CREATE TABLE issuer_report_values (
  emitent_id INTEGER NOT NULL,
  source_id  INTEGER NOT NULL,
  code       TEXT NOT NULL,
  year       INTEGER NOT NULL,
  quarter    INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 4),
  value      REAL,
  PRIMARY KEY (emitent_id, source_id, code, year, quarter)
) WITHOUT ROWID;

-- Quarterly report files (SPEC §3 "Report file entry"); the bytes are made when downloaded.
CREATE TABLE issuer_report_files (
  id         INTEGER PRIMARY KEY,
  emitent_id INTEGER NOT NULL REFERENCES emitents(id),
  year       INTEGER NOT NULL,
  quarter    INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 4),
  lang       TEXT NOT NULL CHECK (lang IN ('rus', 'eng')),
  format     TEXT NOT NULL CHECK (format IN ('pdf', 'xlsx', 'txt')),
  file_name  TEXT NOT NULL,
  UNIQUE (emitent_id, year, quarter, lang)
);

CREATE TABLE comment_providers (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  name_eng    TEXT NOT NULL,
  file_access TEXT NOT NULL CHECK (file_access IN ('open', 'paid', 'request'))
);

-- content is simple HTML kept as written (the client sanitizes it).
CREATE TABLE issuer_comments (
  id          INTEGER PRIMARY KEY,
  provider_id INTEGER NOT NULL REFERENCES comment_providers(id),
  title       TEXT NOT NULL,
  language    TEXT NOT NULL,
  content     TEXT NOT NULL,
  file_name   TEXT,
  file_format TEXT CHECK (file_format IN ('pdf', 'xlsx', 'txt')),
  date        TEXT NOT NULL,
  moderated   INTEGER NOT NULL,
  approved    INTEGER NOT NULL,
  checked     INTEGER NOT NULL
);

-- The provider's other languages of a comment (the row of issuer_comments is its original):
-- the API answers in the page's language where there is a version, else in the original.
CREATE TABLE issuer_comment_versions (
  comment_id INTEGER NOT NULL REFERENCES issuer_comments(id),
  language   TEXT NOT NULL,
  title      TEXT NOT NULL,
  content    TEXT NOT NULL,
  PRIMARY KEY (comment_id, language)
) WITHOUT ROWID;

CREATE TABLE issuer_comment_emitents (
  comment_id INTEGER NOT NULL REFERENCES issuer_comments(id),
  emitent_id INTEGER NOT NULL REFERENCES emitents(id),
  position   INTEGER NOT NULL,
  PRIMARY KEY (comment_id, emitent_id)
) WITHOUT ROWID;
CREATE INDEX issuer_comment_emitents_by_emitent ON issuer_comment_emitents (emitent_id);

-- Requests for a provider's comment files (GET /api/comments/create_comments_access_request/{providerId}/).
CREATE TABLE comment_access_requests (
  user_id     INTEGER NOT NULL REFERENCES users(id),
  provider_id INTEGER NOT NULL REFERENCES comment_providers(id),
  status      TEXT NOT NULL CHECK (status IN ('sent', 'approved', 'rejected')),
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, provider_id)
) WITHOUT ROWID;

-- Consensus forecasts; is_price: the actual is the last price, the forecasts are target prices.
CREATE TABLE issuer_consensus (
  emitent_id          INTEGER NOT NULL REFERENCES emitents(id),
  position            INTEGER NOT NULL,
  code                TEXT NOT NULL,
  unit                TEXT NOT NULL,
  is_price            INTEGER NOT NULL,
  currency            TEXT NOT NULL,
  actual_year         INTEGER NOT NULL,
  actual_value        REAL,
  forecast_value      REAL,
  forecast_value_next REAL,
  forecast_min        REAL,
  forecast_max        REAL,
  analysts_count      INTEGER NOT NULL,
  updated             TEXT NOT NULL,
  PRIMARY KEY (emitent_id, position)
) WITHOUT ROWID;

-- Companies of the relations graph that are not issuers of the demo (ids from 10001).
CREATE TABLE related_entities (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  name_eng TEXT NOT NULL
);

-- owner_id / owned_id: an emitents.id or a related_entities.id. kind affiliate: no stake.
CREATE TABLE issuer_relations (
  id       INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL,
  owned_id INTEGER NOT NULL,
  kind     TEXT NOT NULL CHECK (kind IN ('ownership', 'affiliate')),
  share    REAL
);
CREATE INDEX issuer_relations_by_owner ON issuer_relations (owner_id);
CREATE INDEX issuer_relations_by_owned ON issuer_relations (owned_id);
`;

// ─── The economic model ─────────────────────────────────────────────────────────────────────────

interface Quarter {
  year: number;
  quarter: number;
}

/** The quarters whose reports are out by the as-of date, oldest first. */
export function reportedQuarters(asOf: string, firstYear: number): Quarter[] {
  const quarters: Quarter[] = [];
  for (let year = firstYear; ; year++) {
    for (let quarter = 1; quarter <= 4; quarter++) {
      if (addDays(quarterEnd(year, quarter), PUBLICATION_LAG_DAYS) > asOf) return quarters;
      quarters.push({ year, quarter });
    }
  }
}

/** YYYY-MM-DD of the quarter's last day. */
export function quarterEnd(year: number, quarter: number): string {
  return ['', `${year}-03-31`, `${year}-06-30`, `${year}-09-30`, `${year}-12-31`][quarter] as string;
}

/** The first year of the reports: REPORT_YEARS full years before the latest full reported year. */
export function firstReportYear(asOf: string): number {
  const year = Number(asOf.slice(0, 4));
  const latestFull = addDays(quarterEnd(year - 1, 4), PUBLICATION_LAG_DAYS) <= asOf ? year - 1 : year - 2;
  return latestFull - REPORT_YEARS + 1;
}

interface Profile {
  emitent: EmitentDef;
  currency: 'RUB' | 'USD';
  bank: boolean;
  /** Millions of shares. */
  shares: number;
  /** Annual revenue (mln) of the latest full year. */
  revenue: number;
  growth: number;
  exportShare: number;
  opMargin: number;
  sgaRatio: number;
  deprRatio: number;
  assetRatio: number;
  equityRatio: number;
  debtShare: number;
  cashRatio: number;
  currentShare: number;
  payout: number;
  minorityShare: number;
  /** Thousands. */
  employees: number;
  rateOnDebt: number;
}

function profileOf(rng: Random, emitent: EmitentDef, lastCloses: ReadonlyMap<number, number>): Profile {
  const stocks = STOCKS.filter((s) => s.emitentId === emitent.id);
  const marketCap = stocks.reduce(
    (sum, s) => sum + s.sharesOutstanding * (lastCloses.get(s.id) ?? s.price),
    0,
  );
  const bank = BANKS.has(emitent.id);
  const uniform = (min: number, max: number) => min + (max - min) * rng.uniform();
  return {
    emitent,
    currency: emitent.countryId === COUNTRY_USA ? 'USD' : 'RUB',
    bank,
    shares: stocks.reduce((sum, s) => sum + s.sharesOutstanding, 0) / 1e6,
    // Russian shares trade at low multiples (P/E around 3–8), US ones at high (around 15–40).
    revenue:
      (marketCap / 1e6) * (emitent.countryId === COUNTRY_USA ? uniform(0.08, 0.3) : uniform(0.45, 1.5)),
    growth: uniform(0.02, 0.16),
    exportShare: emitent.countryId === COUNTRY_USA ? uniform(0.3, 0.6) : uniform(0.05, 0.55),
    opMargin: bank ? uniform(0.35, 0.45) : uniform(0.1, 0.32),
    sgaRatio: uniform(0.05, 0.12),
    deprRatio: uniform(0.03, 0.08),
    assetRatio: bank ? uniform(9, 12) : uniform(1.0, 2.2),
    equityRatio: bank ? uniform(0.1, 0.13) : uniform(0.35, 0.65),
    debtShare: bank ? uniform(0.05, 0.1) : uniform(0.3, 0.6),
    cashRatio: uniform(0.04, 0.12),
    currentShare: uniform(0.25, 0.45),
    payout: uniform(0.25, 0.5),
    minorityShare: uniform(0, 0.06),
    employees: uniform(5, 250),
    rateOnDebt: emitent.countryId === COUNTRY_USA ? uniform(0.03, 0.05) : uniform(0.08, 0.14),
  };
}

const SEASON = [0, 0.93, 0.97, 1.0, 1.1];
const SEASON_SUM = 4.0;

type Figures = Record<string, number>;

/** The quarterly figures of the common lines, in report order of the quarters. */
function modelQuarters(rng: Random, p: Profile, quarters: Quarter[], lastYear: number): Figures[] {
  const out: Figures[] = [];
  const annual = new Map<number, number>();
  const revenueOfYear = (year: number) => {
    let value = annual.get(year);
    if (value === undefined) {
      value = p.revenue * (1 + p.growth) ** (year - lastYear) * (1 + 0.03 * rng.normal());
      annual.set(year, value);
    }
    return value;
  };
  let previousCash: number | null = null;
  let lastYearNet = 0;
  let yearNet = 0;
  for (const { year, quarter } of quarters) {
    if (quarter === 1) {
      lastYearNet = yearNet;
      yearNet = 0;
    }
    const yearRevenue = revenueOfYear(year);
    const revenue = ((yearRevenue * SEASON[quarter]!) / SEASON_SUM) * (1 + 0.02 * rng.normal());
    const margin = p.opMargin * (1 + 0.08 * rng.normal());
    const depreciation = revenue * p.deprRatio;
    const sga = revenue * p.sgaRatio;
    const operatingProfit = revenue * margin;
    const grossProfit = operatingProfit + sga + depreciation;
    const costOfSales = revenue - grossProfit;
    // Balances grow through the year with the revenue trend.
    const scale = yearRevenue * (1 + p.growth) ** ((quarter - 4) / 4) * (1 + 0.015 * rng.normal());
    const totalAssets = scale * p.assetRatio;
    const totalEquity = totalAssets * p.equityRatio * (1 + 0.02 * rng.normal());
    const totalLiabilities = totalAssets - totalEquity;
    const totalDebt = totalLiabilities * p.debtShare;
    const cash = totalAssets * p.cashRatio * (1 + 0.1 * rng.normal());
    const currentAssets = Math.max(totalAssets * p.currentShare, cash * 1.5);
    const financeCosts = (totalDebt * p.rateOnDebt) / 4;
    const financeIncome = (cash * 0.05) / 4;
    const pretax = operatingProfit + financeIncome - financeCosts;
    const tax = Math.max(pretax * 0.2, 0);
    const netIncome = pretax - tax;
    const minority = netIncome * p.minorityShare;
    yearNet += netIncome - minority;
    const capex = -depreciation * (1.15 + 0.4 * rng.uniform());
    const operatingCf = (netIncome + depreciation) * (1 + 0.12 * rng.normal());
    const investingCf = capex - revenue * 0.01 * Math.abs(rng.normal());
    // Dividends for the previous year are paid in the third quarter.
    const dividends = quarter === 3 ? -Math.max(lastYearNet, 0) * p.payout : 0;
    const netChange = previousCash === null ? cash * 0.05 : cash - previousCash;
    previousCash = cash;
    const currentLiabilities = totalLiabilities * (p.bank ? 0.7 : 0.45);
    const shares = p.shares;
    const employees = p.employees * (1 + p.growth / 3) ** (year - lastYear);
    out.push({
      total_assets: totalAssets,
      non_current_assets: totalAssets - currentAssets,
      current_assets: currentAssets,
      cash,
      total_equity: totalEquity,
      share_capital: totalEquity * 0.04,
      retained_earnings: totalEquity * 0.82,
      total_liabilities: totalLiabilities,
      non_current_liabilities: totalLiabilities - currentLiabilities,
      current_liabilities: currentLiabilities,
      total_debt: totalDebt,
      long_term_debt: totalDebt * 0.7,
      short_term_debt: totalDebt * 0.3,
      ppe: (totalAssets - currentAssets) * 0.7,
      intangibles: (totalAssets - currentAssets) * 0.08,
      inventories: p.bank ? 0 : currentAssets * 0.25,
      receivables: currentAssets * 0.35,
      payables: currentLiabilities * 0.5,
      revenue,
      revenue_domestic: revenue * (1 - p.exportShare),
      revenue_export: revenue * p.exportShare,
      gross_profit: grossProfit,
      operating_profit: operatingProfit,
      ebitda: operatingProfit + depreciation,
      net_income: netIncome,
      net_income_parent: netIncome - minority,
      minority_interest: minority,
      cost_of_sales: -costOfSales,
      sga: -sga,
      depreciation: -depreciation,
      finance_income: financeIncome,
      finance_costs: -financeCosts,
      pretax_income: pretax,
      income_tax: -tax,
      eps: (netIncome - minority) / shares,
      operating_cf: operatingCf,
      investing_cf: investingCf,
      capex,
      financing_cf: netChange - operatingCf - investingCf,
      dividends_paid: dividends,
      free_cash_flow: operatingCf + capex,
      net_change_cash: netChange,
      interest_paid: -financeCosts * 0.95,
      tax_paid: -tax * 0.9,
      shares,
      employees,
      bvps: totalEquity / shares,
      dps: -dividends / shares,
      net_debt: totalDebt - cash,
      working_capital: currentAssets - currentLiabilities,
    });
  }
  return out;
}

/** The standalone (RAS) figures of the parent company from the group's. */
function rasQuarter(group: Figures, parentShare: number, previousCash: number): Figures {
  const f = (code: string) => (group[code] ?? 0) * parentShare;
  const cash = f('cash');
  const nonCurrent = f('non_current_assets') * 1.1;
  const current = f('current_assets');
  const assets = nonCurrent + current;
  const equity = f('total_equity') * 1.05;
  const longTerm = f('non_current_liabilities');
  const shortTerm = assets - equity - longTerm;
  const revenue = f('revenue');
  const cost = -f('cost_of_sales');
  const selling = -f('sga') * 0.4;
  const admin = -f('sga') * 0.6;
  const salesProfit = revenue - cost - selling - admin;
  const interestIn = f('finance_income');
  const interestOut = -f('finance_costs');
  const pretax = salesProfit + interestIn - interestOut;
  const tax = Math.max(pretax * 0.2, 0);
  const operating = f('operating_cf');
  const investing = f('investing_cf');
  const netFlow = cash - previousCash;
  const rsbu: Figures = {};
  for (const code of Object.keys(group)) {
    const value = group[code] as number;
    rsbu[code] =
      code === 'shares' || code === 'eps' || code === 'bvps' || code === 'dps' ? value : value * parentShare;
  }
  rsbu.employees = (group.employees ?? 0) * 0.6;
  return {
    ...rsbu,
    ras_1100: nonCurrent,
    ras_1150: nonCurrent * 0.6,
    ras_1170: nonCurrent * 0.3,
    ras_1200: current,
    ras_1210: f('inventories'),
    ras_1230: f('receivables'),
    ras_1250: cash,
    ras_1600: assets,
    ras_1300: equity,
    ras_1400: longTerm,
    ras_1410: f('long_term_debt'),
    ras_1500: shortTerm,
    ras_1510: f('short_term_debt'),
    ras_1520: f('payables'),
    ras_1700: assets,
    ras_2110: revenue,
    ras_2120: -cost,
    ras_2100: revenue - cost,
    ras_2210: -selling,
    ras_2220: -admin,
    ras_2200: salesProfit,
    ras_2320: interestIn,
    ras_2330: -interestOut,
    ras_2300: pretax,
    ras_2410: -tax,
    ras_2400: pretax - tax,
    ras_4110: revenue * 1.02,
    ras_4120: operating - revenue * 1.02,
    ras_4100: operating,
    ras_4200: investing,
    ras_4300: netFlow - operating - investing,
    ras_4400: netFlow,
    ras_4450: previousCash,
    ras_4500: cash,
  };
}

const PER_SHARE = new Set(['eps', 'bvps', 'dps']);

/** Per-share values to kopecks/cents, everything else (millions, thousands) to one decimal. */
function rounded(code: string, value: number): number {
  return roundTo(value, PER_SHARE.has(code) ? 2 : 1);
}

// ─── Files ──────────────────────────────────────────────────────────────────────────────────────

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Writes report values in primary-key order, many rows per statement: about twice as fast as one
 * INSERT per value, which keeps the generator within its time budget (100k values).
 */
class ValueWriter {
  private static readonly CHUNK = 50;
  private rows: Array<[number, number, string, number, number, number]> = [];
  private readonly statements = new Map<number, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  readonly add = (
    emitentId: number,
    sourceId: number,
    code: string,
    year: number,
    quarter: number,
    value: number,
  ) => {
    this.rows.push([emitentId, sourceId, code, year, quarter, value]);
  };

  flush(): void {
    const rows = this.rows.sort(
      (a, b) =>
        a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0) || a[3] - b[3] || a[4] - b[4],
    );
    for (let i = 0; i < rows.length; i += ValueWriter.CHUNK) {
      const chunk = rows.slice(i, i + ValueWriter.CHUNK);
      this.statement(chunk.length).run(chunk.flat());
    }
    this.rows = [];
  }

  private statement(count: number): Database.Statement {
    let statement = this.statements.get(count);
    if (!statement) {
      statement = this.db.prepare(
        `INSERT INTO issuer_report_values (emitent_id, source_id, code, year, quarter, value) VALUES ${Array(count).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`,
      );
      this.statements.set(count, statement);
    }
    return statement;
  }
}

// ─── fill ───────────────────────────────────────────────────────────────────────────────────────

function fill(db: Database.Database, ctx: DomainContext): void {
  const insertSource = db.prepare(
    'INSERT INTO issuer_report_sources (id, api_url, standard, name, name_eng) VALUES (?, ?, ?, ?, ?)',
  );
  for (const s of REPORT_SOURCES) insertSource.run(s.id, s.apiUrl, s.standard, s.name, s.nameEng);

  const insertLine = db.prepare(
    `INSERT INTO issuer_report_lines (code, standard, section, position, parent_code, name, name_eng, kind, unit)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  REPORT_LINES.forEach((line, index) =>
    insertLine.run(
      line.code,
      line.standard,
      line.section,
      index + 1,
      line.parent ?? null,
      line.name,
      line.nameEng,
      line.kind,
      line.unit,
    ),
  );

  const lastCloses = new Map<number, number>();
  for (const [stockId, bars] of ctx.mainBarsByStock) {
    const last = bars[bars.length - 1];
    if (last) lastCloses.set(stockId, last.close);
  }

  const insertReport = db.prepare(
    'INSERT INTO issuer_reports (emitent_id, source_id, currency) VALUES (?, ?, ?)',
  );
  const values = new ValueWriter(db);
  const insertValue = values.add;
  const commonCodes = REPORT_LINES.filter((l) => l.standard === 'common').map((l) => l.code);
  const rasCodes = REPORT_LINES.filter((l) => l.standard !== 'fmp').map((l) => l.code);
  const fmpLines = REPORT_LINES.filter((l) => l.standard === 'fmp');
  const kindOf = new Map(REPORT_LINES.map((l) => [l.code, l.kind]));
  const baseFirstYear = firstReportYear(ctx.asOf);
  const lastYear = baseFirstYear + REPORT_YEARS - 1;
  const latestFigures = new Map<number, { year: number; figures: Figures; currency: string }>();

  for (const emitent of EMITENTS) {
    const rng = substream(ctx.seed, `issuers:model:${emitent.id}`);
    const profile = profileOf(rng, emitent, lastCloses);
    const firstYear = lastYear + 1 + (FIRST_YEAR_OVERRIDE.get(emitent.id) ?? -REPORT_YEARS);
    const quarters = reportedQuarters(ctx.asOf, firstYear);
    const figures = modelQuarters(rng, profile, quarters, lastYear);
    const { currency } = profile;

    // Annual sums of the latest full year, for the consensus actuals.
    const yearFigures: Figures = {};
    quarters.forEach((q, i) => {
      if (q.year !== lastYear) return;
      for (const [code, value] of Object.entries(figures[i] as Figures)) {
        const kind = kindOf.get(code);
        if (kind === 'flow') yearFigures[code] = (yearFigures[code] ?? 0) + value;
        else if (q.quarter === 4) yearFigures[code] = value;
      }
    });
    latestFigures.set(emitent.id, { year: lastYear, figures: yearFigures, currency });

    // Source 1: company filings.
    insertReport.run(emitent.id, SOURCE_MSFO, currency);
    quarters.forEach((q, i) => {
      const f = figures[i] as Figures;
      for (const code of commonCodes)
        insertValue(emitent.id, SOURCE_MSFO, code, q.year, q.quarter, rounded(code, f[code] ?? 0));
    });

    // Source 2: a data provider re-keys the filings: small differences, whole millions, no sub rows of equity.
    if (MSFO2_ISSUERS.has(emitent.id)) {
      const provider = substream(ctx.seed, `issuers:msfo2:${emitent.id}`);
      insertReport.run(emitent.id, SOURCE_MSFO2, currency);
      quarters.forEach((q, i) => {
        const f = figures[i] as Figures;
        for (const code of commonCodes) {
          if (code === 'share_capital' || code === 'retained_earnings' || code === 'intangibles') continue;
          const value = (f[code] ?? 0) * (1 + 0.004 * provider.normal());
          insertValue(
            emitent.id,
            SOURCE_MSFO2,
            code,
            q.year,
            q.quarter,
            PER_SHARE.has(code) ? roundTo(value, 2) : Math.round(value),
          );
        }
      });
    }

    // Source 3: RAS of the parent company (Russian issuers only).
    if (emitent.countryId !== COUNTRY_USA) {
      const parentShare = 0.35 + 0.5 * substream(ctx.seed, `issuers:rsbu:${emitent.id}`).uniform();
      insertReport.run(emitent.id, SOURCE_RSBU, currency);
      let previousCash = (figures[0]?.cash ?? 0) * parentShare * 0.95;
      quarters.forEach((q, i) => {
        const ras = rasQuarter(figures[i] as Figures, parentShare, previousCash);
        previousCash = ras.ras_1250 ?? previousCash;
        for (const code of rasCodes)
          insertValue(emitent.id, SOURCE_RSBU, code, q.year, q.quarter, rounded(code, ras[code] ?? 0));
      });
    }

    // Source 4: FMP, cumulative periods (3, 6, 9, 12 months) or full years only.
    if (!NO_FMP.has(emitent.id)) {
      insertReport.run(emitent.id, SOURCE_FMP, currency);
      const cumulative: Figures = {};
      quarters.forEach((q, i) => {
        const f = figures[i] as Figures;
        if (q.quarter === 1) for (const key of Object.keys(cumulative)) delete cumulative[key];
        for (const [code, value] of Object.entries(f)) {
          cumulative[code] = kindOf.get(code) === 'flow' ? (cumulative[code] ?? 0) + value : value;
        }
        if (FMP_ANNUAL_ONLY.has(emitent.id) && q.quarter !== 4) return;
        for (const line of fmpLines) {
          const from = FMP_FROM[line.code] as string;
          insertValue(
            emitent.id,
            SOURCE_FMP,
            line.code,
            q.year,
            q.quarter,
            rounded(from, cumulative[from] ?? 0),
          );
        }
      });
    }
  }

  values.flush();

  insertFiles(db, ctx, baseFirstYear + REPORT_YEARS - 4);
  insertComments(db, ctx);
  insertConsensus(db, ctx, latestFigures, lastCloses);
  insertRelations(db, ctx);
}

/** Quarterly report files of the last years: Russian PDFs, English ones for the large issuers (Q4 as .xlsx). */
function insertFiles(db: Database.Database, ctx: DomainContext, fromYear: number): void {
  const insert = db.prepare(
    'INSERT INTO issuer_report_files (emitent_id, year, quarter, lang, format, file_name) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const emitent of EMITENTS) {
    const rng = substream(ctx.seed, `issuers:files:${emitent.id}`);
    const us = emitent.countryId === COUNTRY_USA;
    const withEnglish = us || emitent.id <= 17;
    const base = slug(emitent.nameEng);
    const first = FIRST_YEAR_OVERRIDE.has(emitent.id) ? fromYear + 2 : fromYear;
    for (const { year, quarter } of reportedQuarters(ctx.asOf, first)) {
      // A few quarters were never filed in one of the languages.
      const skip = rng.uniform();
      if (!us && skip > 0.06)
        insert.run(emitent.id, year, quarter, 'rus', 'pdf', `${base}-${year}-q${quarter}-rus.pdf`);
      if (withEnglish && skip < 0.94) {
        const format = quarter === 4 ? 'xlsx' : us && quarter === 2 ? 'txt' : 'pdf';
        insert.run(emitent.id, year, quarter, 'eng', format, `${base}-${year}-q${quarter}-eng.${format}`);
      }
    }
  }
}

function insertComments(db: Database.Database, ctx: DomainContext): void {
  const provider = db.prepare(
    'INSERT INTO comment_providers (id, name, name_eng, file_access) VALUES (?, ?, ?, ?)',
  );
  for (const p of COMMENT_PROVIDERS) provider.run(p.id, p.name, p.nameEng, p.access);

  const insert = db.prepare(
    `INSERT INTO issuer_comments (provider_id, title, language, content, file_name, file_format, date, moderated, approved, checked)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const version = db.prepare(
    'INSERT INTO issuer_comment_versions (comment_id, language, title, content) VALUES (?, ?, ?, ?)',
  );
  const link = db.prepare(
    'INSERT INTO issuer_comment_emitents (comment_id, emitent_id, position) VALUES (?, ?, ?)',
  );
  const year = Number(ctx.asOf.slice(0, 4)) - 1;
  const nameIn = (language: CommentLanguage, emitent: EmitentDef) =>
    language === 'rus' ? emitent.name : emitent.nameEng;
  for (const emitent of EMITENTS) {
    const rng = substream(ctx.seed, `issuers:comments:${emitent.id}`);
    const peers = EMITENTS.filter((e) => e.countryId === emitent.countryId && e.id !== emitent.id);
    const count = emitent.id === 26 ? 1 : 2 + rng.int(0, 3);
    for (let i = 0; i < count; i++) {
      const topic = COMMENT_TOPICS[(emitent.id + i) % COMMENT_TOPICS.length] as CommentTopic;
      const providerId = topic.providers[rng.int(0, topic.providers.length - 1)] as number;
      const languages = COMMENT_PROVIDERS.find((p) => p.id === providerId)!.languages;
      const growth = roundTo(-5 + 25 * rng.uniform(), 1).toFixed(1);
      const margin = roundTo(12 + 30 * rng.uniform(), 1).toFixed(1);
      // Sector comments are about a peer too: they name both, and are listed on both pages.
      const peer = rng.uniform() < 0.3 ? (peers[rng.int(0, peers.length - 1)] as EmitentDef) : null;
      const hostile = emitent.id === 1 && i === 0;
      const texts = languages.map((language) => {
        const write = peer ? PEER_TEXT[language] : topic.text[language];
        const text = write({
          name: nameIn(language, emitent),
          peer: peer ? nameIn(language, peer) : null,
          year,
          growth,
          margin,
        });
        return { language, title: text.title, content: hostile ? HOSTILE_COMMENT_CONTENT : text.content };
      });
      const [original, ...translations] = texts as [(typeof texts)[number], ...typeof texts];
      const date = addDays(ctx.asOf, -(i * 30 + rng.int(1, 25)));
      const fileName = topic.format
        ? `${slug(emitent.nameEng)}-${date}-${original.language}.${topic.format}`
        : null;
      // One comment per few issuers waits for moderation: it is stored but never listed.
      const approved = i === count - 1 && emitent.id % 5 === 0 ? 0 : 1;
      const checked = rng.uniform() < 0.8 ? 1 : 0;
      const { lastInsertRowid } = insert.run(
        providerId,
        original.title,
        original.language,
        original.content,
        fileName,
        topic.format,
        date,
        1,
        approved,
        checked,
      );
      for (const text of translations) version.run(lastInsertRowid, text.language, text.title, text.content);
      link.run(lastInsertRowid, emitent.id, 1);
      if (peer) link.run(lastInsertRowid, peer.id, 2);
    }
  }

  const request = db.prepare(
    'INSERT INTO comment_access_requests (user_id, provider_id, status, created_at) VALUES (?, ?, ?, ?)',
  );
  for (const r of SEEDED_ACCESS_REQUESTS)
    request.run(r.userId, r.providerId, r.status, dateMs(addDays(ctx.asOf, -10)));
}

function insertConsensus(
  db: Database.Database,
  ctx: DomainContext,
  latest: Map<number, { year: number; figures: Figures; currency: string }>,
  lastCloses: ReadonlyMap<number, number>,
): void {
  const insert = db.prepare(
    `INSERT INTO issuer_consensus (emitent_id, position, code, unit, is_price, currency, actual_year, actual_value,
       forecast_value, forecast_value_next, forecast_min, forecast_max, analysts_count, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const emitent of EMITENTS) {
    if (NO_CONSENSUS.has(emitent.id)) continue;
    const data = latest.get(emitent.id);
    if (!data) continue;
    const rng = substream(ctx.seed, `issuers:consensus:${emitent.id}`);
    const mainStock = STOCKS.find((s) => s.emitentId === emitent.id);
    let position = 0;
    for (const indicator of CONSENSUS_INDICATORS) {
      // Most issuers are covered on most indicators; the share price target always.
      if (indicator.code !== 'share_price' && rng.uniform() < 0.2) continue;
      let actual: number | null;
      if (indicator.code === 'roe') {
        const equity = data.figures.total_equity ?? 0;
        actual = equity ? ((data.figures.net_income_parent ?? 0) / equity) * 100 : null;
      } else if (indicator.code === 'share_price') {
        actual = mainStock ? (lastCloses.get(mainStock.id) ?? null) : null;
      } else {
        actual = data.figures[indicator.line as string] ?? null;
      }
      if (actual === null) continue;
      const growth = 0.03 + 0.12 * rng.normal();
      const next = growth + 0.05 * rng.normal();
      const forecast = actual * (1 + growth);
      const spread = Math.abs(forecast) * (0.05 + 0.15 * rng.uniform());
      const digits = indicator.unit === 'ccy' || indicator.unit === 'percent' ? 2 : 0;
      insert.run(
        emitent.id,
        ++position,
        indicator.code,
        indicator.unit,
        indicator.code === 'share_price' ? 1 : 0,
        data.currency,
        data.year,
        roundTo(actual, digits),
        roundTo(forecast, digits),
        roundTo(forecast * (1 + next), digits),
        roundTo(forecast - spread, digits),
        roundTo(forecast + spread, digits),
        rng.int(3, 18),
        addDays(ctx.asOf, -rng.int(2, 40)),
      );
    }
  }
}

function insertRelations(db: Database.Database, ctx: DomainContext): void {
  const entity = db.prepare('INSERT INTO related_entities (id, name, name_eng) VALUES (?, ?, ?)');
  for (const e of [...RELATED_ENTITIES, ...GROUP_ENTITIES]) entity.run(e.id, e.name, e.nameEng);
  const insert = db.prepare(
    'INSERT INTO issuer_relations (owner_id, owned_id, kind, share) VALUES (?, ?, ?, ?)',
  );
  const rng = substream(ctx.seed, 'issuers:relations');
  // The shareholders of an issuer whose stock names its holders are those holders, with their
  // shares (the holders table, filled by the market domain before this one): one source for the
  // stock page's holders and the issuer page's relations.
  const fromHolders = insertHolderRelations(db);
  for (const [owner, owned, stake] of RELATIONS) {
    if (stake === null) {
      insert.run(owner, owned, 'affiliate', null);
      continue;
    }
    if (fromHolders.has(owned)) continue;
    const share = stake >= 100 ? 100 : Math.min(99.99, roundTo(stake * (1 + 0.04 * rng.normal()), 2));
    insert.run(owner, owned, 'ownership', share);
  }
}

/**
 * Ownership relations from the named holders of each issuer's ordinary stock. A holder is the
 * issuer or related company of the same name, else a new related company. Returns the issuers
 * whose shareholders these are.
 */
function insertHolderRelations(db: Database.Database): Set<number> {
  const holdersOf = db.prepare<[number, string, string], { name: string; name_eng: string; share: number }>(
    'SELECT name, name_eng, share FROM holders WHERE stock_id = ? AND name NOT IN (?, ?) ORDER BY share DESC, id',
  );
  const known = new Map<string, number>();
  for (const e of EMITENTS) known.set(e.name.toLowerCase(), e.id);
  for (const e of RELATED_ENTITIES) known.set(e.name.toLowerCase(), e.id);
  let nextId = Math.max(...RELATED_ENTITIES.map((e) => e.id)) + 1;
  const entity = db.prepare('INSERT INTO related_entities (id, name, name_eng) VALUES (?, ?, ?)');
  const insert = db.prepare(
    "INSERT INTO issuer_relations (owner_id, owned_id, kind, share) VALUES (?, ?, 'ownership', ?)",
  );
  const owned = new Set<number>();
  for (const stock of STOCKS) {
    if (stock.kind !== 'ordinary' || owned.has(stock.emitentId)) continue;
    const holders = holdersOf.all(stock.id, OTHER_HOLDERS.name, FREE_FLOAT.name);
    if (holders.length === 0) continue;
    owned.add(stock.emitentId);
    for (const holder of holders) {
      let id = known.get(holder.name.toLowerCase());
      if (id === undefined) {
        id = nextId++;
        entity.run(id, holder.name, holder.name_eng);
        known.set(holder.name.toLowerCase(), id);
      }
      insert.run(id, stock.emitentId, holder.share);
    }
  }
  return owned;
}

export const ISSUERS_DOMAIN: DataDomain = { name: 'issuers', schema: SCHEMA, fill };
