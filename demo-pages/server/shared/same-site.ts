/** The same-site rule for `back=` lives in the contract: `<fin-login>` applies the same one in the browser. */
export { safeBack, sameSitePath } from '../../../src/contract/same-site.ts';
