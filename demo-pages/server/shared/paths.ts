/** Where the reference server finds its files; the database's place is the generator's (data/paths.ts). */
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/** The element build the server serves; DIST_DIR points it at another (parallel builds in one checkout). */
export const DEFAULT_DIST_DIR = resolve(process.env.DIST_DIR ?? join(REPO_ROOT, 'dist'));
