export { $user } from './user.ts';
export { $lang } from './lang.ts';
export { $labels, $labelErrors, loadLabels, resetLabels } from './labels.ts';
export {
  $page,
  stockPageStore,
  issuerPageStore,
  resetPageData,
  setStockPageData,
  type PageDataState,
} from './page.ts';
export { $ground, $groundSwitching, setGround, switchGround, stockPagePath } from './ground.ts';
export {
  $period,
  initPeriod,
  resetPeriod,
  selectPeriod,
  setPeriodDates,
  periodWindow,
  PERIOD_IDS,
  PERIOD_TODAY,
  DEFAULT_PERIOD_ID,
  type ChartPeriod,
  type PeriodId,
} from './period.ts';
