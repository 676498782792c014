/**
 * Where the demo database lives (DESIGN §7: DATA_DIR overrides the folder). The generator writes
 * it there; the reference server opens it from there.
 */
import { join, resolve } from 'node:path';

export const DEFAULT_DATA_DIR = join(resolve(import.meta.dirname, '../..'), '.data');
export const DB_FILE_NAME = 'demo.sqlite';
