export const BROWSER_PACKAGES: string[];
export interface FoundBrowsers {
  chromium: string | null;
  webkitDriver: string | null;
  miniBrowser: string | null;
  xvfb: string | null;
  firefox: string | null;
}
export function findBrowsers(): FoundBrowsers;
export function missingPackages(found?: FoundBrowsers): string[];
export function findHaproxy(): string | null;
export function findSqlite3(): string | null;
export function missingOptionalPackages(): string[];
export function installCommand(packages: string[]): string;
export function ensureBrowsers(): void;
