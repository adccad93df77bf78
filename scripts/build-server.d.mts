// Types of scripts/build-server.mjs, for the tests that build the server or check its build.
export declare const SERVER_BUILD_DIR: string;
export type ServerBuildState = { state: 'missing' | 'current' } | { state: 'stale'; changed: string };
/** Builds dist-server/; answers how many source files it was built from. */
export declare function buildServer(root?: string): Promise<number>;
export declare function serverBuildState(root?: string): ServerBuildState;
/** Builds when there is no build or it is older than the sources; answers how many files it built from (0: none). */
export declare function buildServerIfStale(root?: string): Promise<number>;
