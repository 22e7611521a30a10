/**
 * Offline replay: a courier presses PICKED UP and FINISH DROP OFF with the network cut; the time
 * from the network coming back to the last of those updates stored on the server, in Chromium.
 */
import { launchBrowser } from './lib/browser.js';
import { assignedToTom, signedIn, signInOnPage } from './lib/demo-delivery.js';

export interface SyncResult {
  /** Median milliseconds from going online to the last queued update stored. */
  ms: number;
  runs: number[];
  updatesPerRun: number;
}

const RUNS = 3;

export async function runSync(baseURL: string): Promise<SyncResult> {
  const maria = await signedIn(baseURL, 'maria');
  const tom = await signedIn(baseURL, 'tom');
  const browser = await launchBrowser();
  const runs: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const { deliveryId } = await assignedToTom(baseURL, maria, tom);

      const context = await browser.newContext({ baseURL });
      // No map tiles in the benchmark: a blank one stands in.
      await context.route('**/tiles/**', (route) => route.fulfill({ status: 204, body: '' }));
      const page = await context.newPage();
      await signInOnPage(page, 'tom');
      await page.goto(`/courierNav/${deliveryId}`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.getByRole('button', { name: 'PICKED UP' }).waitFor();

      await context.setOffline(true);
      await page.getByRole('button', { name: 'PICKED UP' }).click();
      await page.getByRole('button', { name: 'FINISH DROP OFF' }).click();
      await page.getByTestId('pending-updates').filter({ hasText: '2 updates' }).waitFor();

      const online = Date.now();
      await context.setOffline(false);
      const deadline = online + 60_000;
      let storedAt: number | undefined;
      while (Date.now() < deadline) {
        const events = (await (
          await tom.api.get(`/api/delivery_instruction/${deliveryId}/events`)
        ).json()) as { delivery_status: string; at: string }[];
        const delivered = events.find((e) => e.delivery_status === 'Delivered');
        if (delivered) {
          storedAt = Date.parse(delivered.at);
          break;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      if (storedAt === undefined) throw new Error('the queued updates did not arrive in 60 s');
      runs.push(storedAt - online);
      await context.close();
    }
  } finally {
    await browser.close();
    await maria.api.dispose();
    await tom.api.dispose();
  }
  return { ms: [...runs].sort((a, b) => a - b)[runs.length >> 1]!, runs, updatesPerRun: 2 };
}
