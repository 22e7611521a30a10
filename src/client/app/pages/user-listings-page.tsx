/**
 * Active Listings: the listings area's page, whose Mark as Sold asks (through the sales area)
 * who bought the item. Features never import each other; the shell composes them.
 */
import { lazyComponent } from '#client/lib/lazy-component.js';
import { UserListingsPage as ListingsUserListingsPage } from '../../features/listings/user-listings-page';

const MarkSoldQuestion = lazyComponent(() =>
  import('../../features/sales/components/mark-sold-question').then((m) => m.MarkSoldQuestion),
);

export function UserListingsPage() {
  return <ListingsUserListingsPage markSoldQuestion={MarkSoldQuestion} />;
}
