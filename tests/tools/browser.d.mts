export declare const CHROMIUM_ARGS: string[];
export declare const NO_BROWSER_HINT: string;
export declare function chromiumPath(): string | null;
