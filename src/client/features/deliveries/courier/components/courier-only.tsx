import type { ReactNode } from 'react';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { NotCourier } from './not-courier';

/** A courier screen: signed-in couriers see it, other students how to become one. */
export function CourierOnly({
  title,
  children,
}: {
  title: string;
  children: (user: SessionUser) => ReactNode;
}) {
  return (
    <RequireUser>
      {(user) => (user.is_courier === 1 ? children(user) : <NotCourier title={title} />)}
    </RequireUser>
  );
}
