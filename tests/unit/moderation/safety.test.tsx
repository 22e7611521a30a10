import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductPage } from '#client/features/listings/product-page.js';
import { ModerationPage } from '#client/features/moderation/moderation-page.js';
import { BlockedPeople } from '#client/features/accounts/profile/components/blocked-people.js';
import { REPORT_RECEIVED, REVIEW_NEEDS_INTERACTION } from '#shared/moderation.js';
import type { ReportGroup } from '#shared/schemas/moderation.js';
import { makeListing, signIn } from '../support/data';
import { reply, stubApi, type Routes } from '../support/fetch-stub';
import { renderAt } from '../support/render';

const product = () =>
  renderAt(<ProductPage />, { path: '/productListing/:listingId', url: '/productListing/11' });

function listingApi(extra: Routes = {}) {
  return stubApi({
    'GET /api/listing/11': [makeListing()],
    'GET /api/review/3': [],
    'GET /api/direct_message/listing-sender/get': [],
    'GET /api/delivery_request/listing-buyer': [],
    'GET /api/review/eligibility/3': { can_review: false, message: REVIEW_NEEDS_INTERACTION },
    ...extra,
  });
}

describe('reporting a listing', () => {
  it('asks for a reason, sends the report and only confirms', async () => {
    signIn();
    const api = listingApi({
      'POST /api/reports': reply(201, { report_id: 1, status: 'open', message: REPORT_RECEIVED }),
    });
    const { user } = product();
    await user.click(await screen.findByRole('button', { name: 'Report listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Please choose a reason.')).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Scam or fraud');
    await user.type(within(dialog).getByLabelText('What happened? (optional)'), '  Gift cards  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REPORT_RECEIVED);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      target_type: 'listing',
      target_id: 11,
      reason: 'scam',
      note: 'Gift cards',
    });
  });

  it('shows no "Write a review" to a buyer who never dealt with the seller, and says why', async () => {
    signIn();
    listingApi();
    product();
    expect(await screen.findByText(REVIEW_NEEDS_INTERACTION)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('shows its seller the moderator’s reason on a hidden listing', async () => {
    signIn({ user_id: 3, username: 'priya' });
    listingApi({ 'GET /api/listing/11': [makeListing({ hidden_reason: 'Counterfeit' })] });
    product();
    expect(await screen.findByText('Hidden by a moderator: Counterfeit')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Report listing' })).toBeNull();
  });
});

describe('blocked people', () => {
  it('lists them and unblocks', async () => {
    signIn();
    let blocked = [{ user_id: 5, username: 'pest', blocked_at: '2026-11-20T10:00:00Z' }];
    const api = stubApi({
      'GET /api/blocks': () => blocked,
      'DELETE /api/blocks/5': () => {
        blocked = [];
        return { message: 'Unblocked.' };
      },
    });
    const { user } = renderAt(<BlockedPeople />);
    await user.click(await screen.findByRole('button', { name: /^Unblock/ }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});

const GROUP: ReportGroup = {
  target_type: 'listing',
  target_id: 11,
  summary: 'Desk lamp',
  owner_id: 3,
  owner_username: 'priya',
  listing_id: 11,
  hidden: false,
  owner_suspended: false,
  count: 2,
  latest_at: '2026-11-20T10:00:00Z',
  reports: [
    {
      report_id: 8,
      reason: 'prohibited',
      note: 'Stolen',
      reporter: 'maria',
      created_at: '2026-11-20T10:00:00Z',
      standing: 'established',
      snapshot: null,
    },
    {
      report_id: 7,
      reason: 'spam',
      note: '',
      reporter: 'kai',
      created_at: '2026-11-19T10:00:00Z',
      standing: 'new',
      snapshot: null,
    },
  ],
  reasons: [
    { reason: 'prohibited', count: 1 },
    { reason: 'spam', count: 1 },
  ],
  priority: 13,
  current: { title: 'Desk lamp', description: 'Brass', price: 12, photo: null },
  cursor: '13~2026-11-20T10:00:00Z~listing~11',
};

describe('the moderation desk', () => {
  it('is closed to students', async () => {
    signIn();
    stubApi({});
    renderAt(<ModerationPage />);
    expect(await screen.findByText('Only moderators can open this page.')).toBeVisible();
  });

  it('groups reports, needs a reason to hide, and sends the decision', async () => {
    signIn({ is_moderator: 1, username: 'ben' });
    const api = stubApi({
      'GET /api/moderation/reports': [GROUP],
      'GET /api/moderation/audit': [],
      'PUT /api/moderation/listings/11': { listing_id: 11, hidden: true, hidden_reason: 'Stolen' },
    });
    const { user } = renderAt(<ModerationPage />);
    const card = (await screen.findByRole('heading', { name: /Listing: Desk lamp/ })).closest(
      'li',
    )!;
    expect(within(card).getByText('2 reports')).toBeVisible();
    expect(within(card).getByText(/Stolen/)).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Hide listing' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Please give a reason');
    await user.type(within(card).getByLabelText('Reason for your decision'), 'Stolen goods');
    await user.click(within(card).getByRole('button', { name: 'Hide listing' }));
    await screen.findByRole('heading', { name: /Listing: Desk lamp/ });
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      hidden: true,
      reason: 'Stolen goods',
    });
  });
});
