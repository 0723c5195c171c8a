/** The scan service lives in library/scan/scanService.ts; this re-export keeps library/watch/ building until its own branch imports it from there. */
export type { LibraryScanService } from '../../library/scan/scanService';
