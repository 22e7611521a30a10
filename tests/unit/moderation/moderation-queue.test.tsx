/**
 * The moderators' queue screen: what each report saw beside the target now, the reporters'
 * standing, and pages after the first through the groups' cursors.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModerationPage } from '#client/features/moderation/moderation-page.js';
import { MODERATION_LIMITS } from '#shared/moderation.js';
import type { ReportGroup } from '#shared/schemas/moderation.js';
import { signIn } from '../support/data';
import { stubApi, type Routes } from '../support/fetch-stub';
import { renderAt } from '../support/render';

function group(id: number, overrides: Partial<ReportGroup> = {}): ReportGroup {
  return {
    target_type: 'user',
    target_id: id,
    summary: `person_${id}`,
    owner_id: id,
    owner_username: `person_${id}`,
    listing_id: null,
    hidden: false,
    owner_suspended: false,
    count: 1,
    latest_at: '2026-12-01T10:00:00.000Z',
    reports: [
      {
        report_id: id * 10,
        reason: 'spam',
        note: '',
        reporter: `reporter_${id}`,
        created_at: '2026-12-01T10:00:00.000Z',
        standing: 'new',
        snapshot: { username: `person_${id}` },
      },
    ],
    reasons: [{ reason: 'spam', count: 1 }],
    priority: 1,
    current: { username: `person_${id}` },
    cursor: `1~2026-12-01T10:00:00.000Z~user~${id}`,
    ...overrides,
  };
}

const EDITED = group(11, {
  target_type: 'listing',
  summary: 'Plain desk lamp',
  listing_id: 11,
  priority: 12,
  reports: [
    {
      report_id: 5,
      reason: 'scam',
      note: 'Fake brand',
      reporter: 'maria',
      created_at: '2026-12-01T10:00:00.000Z',
      standing: 'established',
      snapshot: { title: 'Designer lamp', description: 'Genuine', price: 400, photo: null },
    },
  ],
  reasons: [{ reason: 'scam', count: 1 }],
  current: { title: 'Plain desk lamp', description: 'Genuine', price: 12, photo: null },
});

const desk = (reports: Routes[string]) =>
  stubApi({ 'GET /api/moderation/reports': reports, 'GET /api/moderation/audit': [] });

describe('the moderators’ queue', () => {
  it('shows what a report saw beside the listing now, and who reported with their standing', async () => {
    signIn({ is_moderator: 1 });
    desk([EDITED]);
    renderAt(<ModerationPage />);
    const card = (await screen.findByRole('heading', { name: /Listing: Plain desk lamp/ })).closest(
      'li',
    )!;
    expect(within(card).getByText(/“Plain desk lamp” · \$12\.00/)).toBeVisible();
    expect(within(card).getByText(/When reported \(changed since\)/)).toBeVisible();
    expect(within(card).getByText(/“Designer lamp” · \$400\.00/)).toBeVisible();
    expect(within(card).getByText(/by maria \(established account\)/)).toBeVisible();
    expect(within(card).getByText(/Scam or fraud ×1 · weight 12/)).toBeVisible();
  });

  it('says nothing more when the target is as it was reported', async () => {
    signIn({ is_moderator: 1 });
    desk([group(4)]);
    renderAt(<ModerationPage />);
    const card = (await screen.findByRole('heading', { name: /User: person_4/ })).closest('li')!;
    expect(within(card).queryByText(/When reported/)).toBeNull();
    expect(within(card).getByText(/by reporter_4 \(new account\)/)).toBeVisible();
  });

  it('asks for the page after the last group shown, until none follows', async () => {
    signIn({ is_moderator: 1 });
    const page = MODERATION_LIMITS.queuePage;
    const first = Array.from({ length: page + 1 }, (_, i) => group(100 + i));
    const api = desk(({ query }: { query: URLSearchParams }) =>
      query.get('cursor') === first[page - 1]!.cursor ? [first[page]] : first,
    );
    const { user } = renderAt(<ModerationPage />);
    // Text queries: role queries over 50 cards take seconds in jsdom.
    const cards = () => document.querySelectorAll('li.report-group').length;
    await screen.findByText('Show more reports');
    expect(cards()).toBe(page);
    expect(screen.queryByText(`Suspend person_${100 + page}`)).toBeNull();
    await user.click(screen.getByText('Show more reports'));
    await screen.findByText(`Suspend person_${100 + page}`);
    expect(cards()).toBe(page + 1);
    expect(screen.queryByText('Show more reports')).toBeNull();
    const asked = api.callsTo('GET /api/moderation/reports').map((c) => c.query.get('cursor'));
    expect(asked).toEqual([null, first[page - 1]!.cursor]);
  });
});
