/** A browser's install offer, as Chromium and iPhones present it, for component tests. */
import { vi } from 'vitest';
import type { BeforeInstallPromptEvent } from '#client/lib/install-offer.js';

/** What Chromium fires when the app may be installed: `prompt()` and the person's choice. */
export function installEvent(outcome?: 'accepted' | 'dismissed') {
  let choose!: (choice: { outcome: 'accepted' | 'dismissed' }) => void;
  const userChoice = new Promise<{ outcome: 'accepted' | 'dismissed' }>((r) => (choose = r));
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    userChoice,
    prompt: vi.fn(() => {
      if (outcome) choose({ outcome });
      return Promise.resolve();
    }),
  }) as BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> };
  return { event, choose };
}

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
export const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
export const IPHONE_IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 380.0.0';

/** A display-mode query the test can flip, as the browser's is when the app opens installed. */
export function displayMode(standalone: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: standalone,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) =>
      media === '(display-mode: standalone)' ? query : { matches: false, addEventListener() {} },
  });
  return {
    set(value: boolean) {
      query.matches = value;
      listeners.forEach((listener) => listener());
    },
  };
}

export function device(agent: string, touchPoints = 0) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, value: touchPoints });
}

/** Undoes displayMode() and device(). */
export function forgetDevice() {
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
  Reflect.deleteProperty(navigator, 'standalone');
}
