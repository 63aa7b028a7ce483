export declare const CHROMIUM_ARGS: string[];
export declare const NO_BROWSER_HINT: string;
export declare function chromiumPath(): string | null;
export interface Machine {
  find: () => string | null;
  isRoot: boolean;
  has: (cmd: string) => boolean;
  run: (cmd: string, args: string[]) => boolean;
  say: (line: string) => void;
}
export declare function ensureChromium(machine?: Machine): string | null;
