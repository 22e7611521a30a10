import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallCard } from '#client/features/deliveries/courier/components/install-card.js';
import { OfflineDataStatus } from '#client/features/accounts/profile/components/offline-data.js';
import { watchInstallOffer } from '#client/lib/install-offer.js';
import { signIn } from '../support/data';
import { stubApi } from '../support/fetch-stub';
import { device, displayMode, forgetDevice, installEvent, IPHONE } from '../support/install';
import { renderShell } from '../support/render';

/** The app's start (main.tsx) watches the offer; here the test does, after setting the device. */
const startWatching = () => watchInstallOffer();

beforeEach(() => {
  displayMode(false);
  stubApi({});
});
afterEach(() => {
  forgetDevice();
  localStorage.clear();
});

describe('Install app in the header', () => {
  it('appears for a visitor once the browser offers it, and opens the browser’s prompt', async () => {
    startWatching();
    const { user } = renderShell();
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const { event } = installEvent('accepted');
    act(() => void window.dispatchEvent(event));
    await user.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  it('is an item of a signed-in person’s menu, which closes and gives focus back', async () => {
    signIn();
    startWatching();
    const { user } = renderShell();
    const { event } = installEvent();
    act(() => void window.dispatchEvent(event));
    const menuButton = screen.getByRole('button', { name: /maria account menu/ });
    await user.click(menuButton);
    const menu = screen.getByRole('list', { name: 'Account' });
    await user.click(await within(menu).findByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(menu).not.toBeVisible();
    expect(menuButton).toHaveFocus();
  });

  it('is not in the menu when nothing can be installed', async () => {
    signIn();
    startWatching();
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: /maria account menu/ }));
    const menu = screen.getByRole('list', { name: 'Account' });
    expect(within(menu).queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it('on an iPhone opens the Add to Home Screen steps, drawn without images', async () => {
    device(IPHONE, 5);
    startWatching();
    const { user } = renderShell();
    const install = await screen.findByRole('button', { name: 'Install app' });
    await user.click(install);
    const sheet = await screen.findByRole('dialog', {
      name: 'Add Gator Market to your Home Screen',
    });
    expect(sheet).toHaveTextContent('tap Share, then Add to Home Screen');
    expect(sheet).toHaveTextContent(/works offline/i);
    expect(sheet).toHaveTextContent(/notifications/i);
    expect(sheet.querySelectorAll('svg').length).toBeGreaterThan(0);
    expect(sheet.querySelector('img')).toBeNull();

    await user.click(within(sheet).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(install).toHaveFocus();
  });
});

describe('the courier dashboard’s install card', () => {
  it('offers the install and stays away on this device once dismissed', async () => {
    startWatching();
    const { event } = installEvent();
    act(() => void window.dispatchEvent(event));
    const user = userEvent.setup();
    const first = render(<InstallCard />);
    expect(
      screen.getByText('Install Gator Market on your phone: deliveries keep working offline'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Dismiss the install suggestion' }));
    expect(screen.queryByText(/Install Gator Market on your phone/)).toBeNull();
    first.unmount();
    render(<InstallCard />);
    expect(screen.queryByText(/Install Gator Market on your phone/)).toBeNull();
  });

  it('is not shown when the app runs installed', () => {
    displayMode(true);
    startWatching();
    act(() => void window.dispatchEvent(installEvent().event));
    render(<InstallCard />);
    expect(screen.queryByText(/Install Gator Market on your phone/)).toBeNull();
  });
});

describe('offline data on the profile', () => {
  function storage(persisted: boolean, usage: number) {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        persisted: vi.fn(() => Promise.resolve(persisted)),
        estimate: vi.fn(() => Promise.resolve({ usage, quota: 1e9 })),
        persist: vi.fn(),
      },
    });
  }
  afterEach(() => Reflect.deleteProperty(navigator, 'storage'));

  it('says the data is kept, with the space it takes, and asks nothing', async () => {
    storage(true, 2_400_000);
    render(<OfflineDataStatus />);
    expect(await screen.findByText('Offline data: kept on this device, 2.4 MB used')).toBeVisible();
    expect(navigator.storage.persist).not.toHaveBeenCalled();
  });

  it('says the browser may clear it when the site is not kept', async () => {
    storage(false, 840_000);
    render(<OfflineDataStatus />);
    expect(
      await screen.findByText('Offline data: may be cleared by the browser, 840 kB used'),
    ).toBeVisible();
  });

  it('says nothing where the browser does not tell', async () => {
    const { container } = render(<OfflineDataStatus />);
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
  });
});
