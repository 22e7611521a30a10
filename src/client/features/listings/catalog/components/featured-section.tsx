import { Link } from 'react-router';
import { CATEGORIES } from '#shared/constants.js';
import { ListingGrid } from '#client/components/ui/listing-card.js';
import { QueryView } from '#client/components/ui/status.js';
import { searchHref } from '#client/lib/search-state.js';
import { useFeatured } from '../hooks/use-featured';

/** Up to 8 random listings and quick links into each category. */
export function FeaturedSection() {
  const featured = useFeatured();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Buy and sell on campus</h1>
        <p>
          Textbooks, furniture, food and more from fellow Gators, delivered by student couriers.
        </p>
        <nav aria-label="Browse by category">
          <ul className="chips" role="list">
            {CATEGORIES.map((category) => (
              <li key={category}>
                <Link className="chip" to={searchHref({ searching: true, category, filters: {} })}>
                  {category}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>
      <section className="section" aria-labelledby="featured-title">
        <h2 id="featured-title">Featured products</h2>
        <QueryView
          query={featured}
          empty={
            <>
              Nothing for sale yet. <Link to="/RealUserProfile">Be the first to list an item.</Link>
            </>
          }
        >
          {(listings) => <ListingGrid listings={listings} eagerCount={4} priorityCount={2} />}
        </QueryView>
      </section>
    </>
  );
}
