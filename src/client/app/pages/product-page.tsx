/**
 * The product page: the listings area's page with the sales area's offers (a buyer's, and the
 * seller's with the hold). Features never import each other; the shell composes them. The
 * offers' code loads when a signed-in person's page shows them, never for a visitor.
 */
import { lazyComponent } from '#client/lib/lazy-component.js';
import {
  ProductPage as ListingProductPage,
  type ProductSales,
} from '../../features/listings/product-page';
import { WithSpotMap } from './with-spot-map';

const sales: ProductSales = {
  BuyerOffers: lazyComponent(() =>
    import('../../features/sales/components/buyer-offers').then((m) => m.BuyerOffers),
  ),
  SellerOffers: lazyComponent(() =>
    import('../../features/sales/components/seller-offers').then((m) => m.SellerOffers),
  ),
};

export function ProductPage() {
  return (
    <WithSpotMap>
      <ListingProductPage sales={sales} />
    </WithSpotMap>
  );
}
