import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from '#client/features/listings/components/share-button.js';
import { ProductPage } from '#client/features/listings/product-page.js';
import { makeListing } from '../support/data';
import { stubApi } from '../support/fetch-stub';
import { renderAt } from '../support/render';

const listing = makeListing({ listing_id: 11, title: 'IKEA desk lamp' });
const address = `${window.location.origin}/productListing/11`;

function open() {
  // user-event's setup() puts its own clipboard on navigator; the test's replaces it after.
  const rendered = renderAt(<ShareButton listing={listing} />, {
    path: '/productListing/:listingId',
    url: '/productListing/11',
  });
  const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return { ...rendered, writeText };
}

function withShareSheet(share: (data: ShareData) => Promise<void>) {
  const spy = vi.fn(share);
  Object.defineProperty(navigator, 'share', { value: spy, configurable: true });
  return spy;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the Share button', () => {
  it('opens the system share sheet with the listing where the browser has one', async () => {
    const share = withShareSheet(async () => {});
    const { user, writeText } = open();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'IKEA desk lamp', url: address });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).toBeNull();
  });

  it('copies the link elsewhere and says so', async () => {
    const { user, writeText } = open();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByText('Link copied')).toBeVisible();
  });

  it('is a button a keyboard reaches and presses', async () => {
    const { user, writeText } = open();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByText('Link copied')).toBeVisible();
  });

  it('does nothing more when the share sheet is closed, and copies when it is refused', async () => {
    const share = withShareSheet(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const { user, writeText } = open();
    const button = screen.getByRole('button', { name: 'Share' });
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(1);
    expect(writeText).not.toHaveBeenCalled();

    share.mockImplementation(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByText('Link copied')).toBeVisible();
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const { user, writeText } = open();
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(`Copy this link: ${address}`)).toBeVisible();
    expect(screen.queryByText('Link copied')).toBeNull();
  });

  it('is on the listing page', async () => {
    stubApi({ 'GET /api/listing/11': [{ ...listing, photos: [] }], 'GET /api/review/3': [] });
    renderAt(<ProductPage />, { path: '/productListing/:listingId', url: '/productListing/11' });
    expect(await screen.findByRole('button', { name: 'Share' })).toBeEnabled();
  });
});
