// Types for log-format.mjs, for its TypeScript test.
/** One line in, what to print in its place out (a banner follows the server's "listening" line once). */
export declare function createLogFormatter(options?: { color?: boolean }): (line: string) => string;
