/**
 * "840 kB", "2.4 MB": sizes of what the phone keeps. Apart from format.ts, which the home
 * route loads, since only signed-in screens show sizes.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / (1000 * 1000)).toFixed(1)} MB`;
}
