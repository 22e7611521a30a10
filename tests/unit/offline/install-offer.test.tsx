import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INSTALL_OFFER } from '#shared/constants.js';
import { promptInstall, useInstallWay, watchInstallOffer } from '#client/lib/install-offer.js';
import {
  device,
  displayMode,
  installEvent,
  IPAD_AS_MAC,
  IPHONE,
  IPHONE_IN_APP,
  forgetDevice,
} from '../support/install';

function watch() {
  watchInstallOffer();
  return renderHook(() => useInstallWay());
}

beforeEach(() => displayMode(false));
afterEach(() => {
  forgetDevice();
  vi.restoreAllMocks();
});

describe('the install offer', () => {
  it('offers nothing until the browser offers to install', () => {
    const { result } = watch();
    expect(result.current).toBeNull();
  });

  it("keeps Chromium's event, leaves the browser's own hints alone and prompts with it", async () => {
    const { result } = watch();
    const { event } = installEvent('accepted');
    act(() => void window.dispatchEvent(event));
    expect(result.current).toBe('prompt');
    expect(event.defaultPrevented).toBe(false);

    act(() => promptInstall());
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Accepted: nothing is offered any more.
    await vi.waitFor(() => expect(result.current).toBeNull());
  });

  it('takes an offer a server-rendered page kept before the app started', () => {
    const { event } = installEvent();
    Object.assign(window, { [EARLY_INSTALL_OFFER]: event });
    try {
      expect(watch().result.current).toBe('prompt');
    } finally {
      Reflect.deleteProperty(window, EARLY_INSTALL_OFFER);
    }
  });

  it('forgets a dismissed event (it cannot prompt twice) and takes the next one', async () => {
    const { result } = watch();
    const first = installEvent('dismissed');
    act(() => void window.dispatchEvent(first.event));
    act(() => promptInstall());
    await vi.waitFor(() => expect(result.current).toBeNull());

    const second = installEvent();
    act(() => void window.dispatchEvent(second.event));
    expect(result.current).toBe('prompt');
  });

  it("forgets an event whose prompt the browser refuses (already shown as the browser's own)", async () => {
    const { result } = watch();
    const { event } = installEvent();
    event.prompt.mockRejectedValue(new DOMException('already shown', 'InvalidStateError'));
    act(() => void window.dispatchEvent(event));
    act(() => promptInstall());
    await vi.waitFor(() => expect(result.current).toBeNull());
  });

  it('stops offering once the app is installed, however it was installed', async () => {
    const { result } = watch();
    act(() => void window.dispatchEvent(installEvent().event));
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(result.current).toBeNull();
    // A later event (another tab's install hint) changes nothing: it is installed.
    act(() => void window.dispatchEvent(installEvent().event));
    expect(result.current).toBeNull();
  });

  it('an accepted choice in the browser’s own install hint ends the offer too', async () => {
    const { result } = watch();
    const { event, choose } = installEvent();
    act(() => void window.dispatchEvent(event));
    expect(result.current).toBe('prompt');
    await act(async () => choose({ outcome: 'accepted' }));
    expect(result.current).toBeNull();
  });

  it('offers nothing while running installed (display-mode: standalone)', () => {
    const mode = displayMode(true);
    const { result } = watch();
    act(() => void window.dispatchEvent(installEvent().event));
    expect(result.current).toBeNull();
    act(() => mode.set(false));
    expect(result.current).toBe('prompt');
  });

  it('offers the Share steps in Safari on an iPhone, and on an iPad that says it is a Mac', () => {
    device(IPHONE, 5);
    expect(watch().result.current).toBe('ios');
    device(IPAD_AS_MAC, 5);
    expect(watch().result.current).toBe('ios');
  });

  it('offers nothing on a Mac, in an app’s own browser on an iPhone, or opened from the Home Screen', () => {
    device(IPAD_AS_MAC, 0);
    expect(watch().result.current).toBeNull();
    device(IPHONE_IN_APP, 5);
    expect(watch().result.current).toBeNull();
    device(IPHONE, 5);
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    expect(watch().result.current).toBeNull();
  });
});
