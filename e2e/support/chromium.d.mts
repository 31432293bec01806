// Types for chromium.mjs (plain JavaScript so that the scripts can load it without a TS loader).
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
