export const CLIENT_SOURCES: string[];
export const SERVER_SOURCES: string[];
export function newestMtime(target: string): number;
export function isStale(root: string, builtFile: string, sources: string[]): boolean;
