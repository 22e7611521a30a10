/**
 * The app's Content-Security-Policy holds on every screen, as Chromium enforces it: nothing a
 * screen does is refused by the policy (a refused eval, script, style, image or connection is a
 * `securitypolicyviolation` event, and counts in Lighthouse's best practices). The maps' tiles
 * come from a stand-in tile host on another origin, as in production.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { withTileHost } from '../map-support';

const test = withTileHost({ host: 9, app: 10 });

/** Records every policy violation of the page's documents from their first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
}

async function expectNoViolations(page: Page, url: string, ready: () => Promise<void>) {
  await page.goto(url);
  await ready();
  // Screens build their validators and maps as their data arrives: give them a moment.
  await page.waitForLoadState('networkidle');
  const violations = await page.evaluate(
    () => (window as unknown as { violations: string[] }).violations,
  );
  expect(violations, `policy violations on ${url}`).toEqual([]);
}

test('no screen of a buyer or visitor is refused by the content policy', async ({
  page,
  signIn,
}) => {
  await recordViolations(page);
  await expectNoViolations(page, '/', () => page.locator('main article').first().waitFor());
  await signIn('maria');
  await expectNoViolations(page, '/RealUserProfile', () =>
    page.getByRole('heading', { level: 1 }).first().waitFor(),
  );
  await expectNoViolations(page, '/OrderStatus', () => page.getByText('Status:').first().waitFor());
  await expectNoViolations(page, '/Chats', () =>
    page.getByRole('heading', { level: 1 }).first().waitFor(),
  );
});

test('no courier screen is refused by the content policy', async ({ page, signIn }) => {
  await recordViolations(page);
  await signIn('jace');
  const userId = (
    (await (await page.request.get('/api/me')).json()) as { user: { user_id: number } }
  ).user.user_id;
  const mine = (await (
    await page.request.get(`/api/delivery_instruction/courier/${userId}`)
  ).json()) as { delivery_id: number; delivery_status: string }[];
  const assigned = mine.find((d) => d.delivery_status === 'Assigned');
  expect(assigned, 'jace has an Assigned delivery in the demo data').toBeDefined();
  await expectNoViolations(page, '/CourierPage', () =>
    page.getByRole('heading', { name: 'Courier Dashboard' }).waitFor(),
  );
  await expectNoViolations(page, `/courierNav/${assigned!.delivery_id}`, () =>
    page.getByRole('button', { name: 'PICKED UP' }).waitFor(),
  );
});
