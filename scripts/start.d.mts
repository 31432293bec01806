// Types for start.mjs, for the TypeScript tests that start the built server.
/** The server's bundle, as `npm start` runs it. */
export declare const SERVER_ENTRY: string;
/** Builds the server's bundle unless its sources are unchanged since the last build. */
export declare function ensureServerBuild(): void;
