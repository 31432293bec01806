// Types for server.mjs (plain JavaScript so that e2e/run.mjs can load it without a TS loader).
export declare const ROOT: string;

export interface TestServer {
  /** Origin the browser must use (equals the server's APP_URL). */
  url: string;
  port: number;
  dataDir: string;
  /** Set when the server runs on a throwaway PostgreSQL database. */
  databaseName: string | undefined;
  /** The server's last lines of output. */
  output(): string;
  /** SIGTERM (then SIGKILL), drop the throwaway database, remove the data folder. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Prefix of the server's echoed log lines. */
  name?: string;
  /** postgres:// URL of a server to create a throwaway database on; default DATABASE_URL. */
  databaseServerUrl?: string;
  /** Echo the server's output (warnings and errors at LOG_LEVEL=warn) to stderr. */
  echo?: boolean;
  env?: Record<string, string>;
}

export declare function findFreePort(): Promise<number>;
export declare function createThrowawayDatabase(
  serverUrl: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }>;
export declare function startServer(options?: StartServerOptions): Promise<TestServer>;
/** Variables that would point a test server at real outside services. */
export declare const OUTSIDE_SERVICES: string[];
