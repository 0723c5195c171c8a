/** Compiles the server into outDir (default dist/server); answers the milliseconds it took. */
export function buildServer(root: string, outDir?: string): Promise<number>;
