export { $user } from './user.ts';
export { $lang } from './lang.ts';
export { $labels, $labelErrors, loadLabels, resetLabels } from './labels.ts';
export { $page, stockPageStore, issuerPageStore, resetPageData, type PageDataState } from './page.ts';
export { $ground, setGround } from './ground.ts';
