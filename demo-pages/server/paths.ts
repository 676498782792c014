/** Where the reference server finds its files (DESIGN §7: DATA_DIR overrides the data folder). */
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data');
/** The element build the server serves; DIST_DIR points it at another (parallel builds in one checkout). */
export const DEFAULT_DIST_DIR = resolve(process.env.DIST_DIR ?? join(REPO_ROOT, 'dist'));
export const DB_FILE_NAME = 'demo.sqlite';
