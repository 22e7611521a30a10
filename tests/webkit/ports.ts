/**
 * The WebKit lane's ports, next to the Playwright lane's E2E_PORT: the app, WebKitWebDriver and
 * the stand-in tile host (another origin, as the real one is).
 */
export function lanePorts() {
  const base = Number(process.env.E2E_PORT ?? 8181);
  return { appPort: base + 1, driverPort: base + 2, tilePort: base + 3 };
}
