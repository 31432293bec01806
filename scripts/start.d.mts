// Types for start.mjs, for the TypeScript tests that start the built server.
/** node's arguments to run the server with `env`: V8 options, then SERVER_ENTRY. */
export declare function serverArgs(env: Record<string, string | undefined>): string[];
/** Builds the server's bundle unless its sources are unchanged since the last build. */
export declare function ensureServerBuild(): void;
