/** "My deliveries": the courier's record of their work, from their own deliveries. */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CourierRecordPage } from '#client/features/deliveries/courier/record/courier-record-page.js';
import type { CourierDeliveryInstruction } from '#shared/schemas/deliveries.js';
import { makeDelivery, signIn } from '../support/data';
import { stubApi } from '../support/fetch-stub';
import { itSendsSignedOutToLogin, renderAt } from '../support/render';

const MINE = 'GET /api/delivery_instruction/courier/7';
const open = () => renderAt(<CourierRecordPage />, { path: '/courierRecord' });

beforeEach(() => {
  // Wednesday 2026-12-09, 10:00 on campus.
  vi.useFakeTimers({ now: new Date('2026-12-09T18:00:00Z'), toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('My deliveries', () => {
  itSendsSignedOutToLogin(open);

  it('shows this week, each day and week, and what buyers said', async () => {
    signIn({ is_courier: 1 });
    stubApi({
      [MINE]: [
        {
          ...makeDelivery({
            delivery_id: 51,
            title: 'Desk lamp',
            courier_id: 7,
            pickup: 'Cafe 101',
            dropoff: 'Annex 1',
            delivery_status: 'Delivered',
            updated_at: '2026-12-09T17:00:00Z',
            delivery_rating: 5,
          }),
          delivery_rating_comment: 'Quick and kind',
        } satisfies CourierDeliveryInstruction,
        makeDelivery({
          delivery_id: 52,
          title: 'Rice cooker',
          courier_id: 7,
          delivery_status: 'Returned',
          updated_at: '2026-12-08T20:00:00Z',
        }),
        makeDelivery({
          delivery_id: 53,
          title: 'Bike helmet',
          courier_id: 7,
          delivery_status: 'Picked Up',
          updated_at: '2026-12-09T16:00:00Z',
        }),
      ],
    });
    open();
    const week = await screen.findByRole('region', { name: 'This week' });
    const total = (label: string) =>
      within(week).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(total('Delivered')).toBe('1');
    expect(total('Returned')).toBe('1');
    // Cafe 101 to Annex 1: about 600 m on foot.
    expect(total('Walked')).toMatch(/^\d{3} m$/);

    const days = screen.getByRole('region', { name: 'Last 7 days' });
    const rows = within(days).getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Wed 12/9');
    const today = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(today.slice(0, 2)).toEqual(['1', '0']);
    expect(today[2]).toBe(total('Walked'));
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Tue 12/8');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '1', '0 m']);
    expect(rows).toHaveLength(8);

    const ratings = screen.getByRole('region', { name: 'Ratings from buyers' });
    expect(ratings).toHaveTextContent('Average 5 out of 5 from 1 rating.');
    expect(within(ratings).getByRole('listitem')).toHaveTextContent('Desk lamp');
    expect(within(ratings).getByText('Quick and kind')).toBeVisible();
  });

  it('says so when buyers have not rated yet', async () => {
    signIn({ is_courier: 1 });
    stubApi({ [MINE]: [] });
    open();
    expect(await screen.findByText('No ratings yet.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'This week' })).toHaveTextContent('0 delivered');
  });

  it('explains to a non-courier how to become one', () => {
    signIn({ is_courier: 0 });
    stubApi({});
    open();
    expect(screen.getByText(/Only couriers can deliver orders/)).toBeVisible();
  });
});
