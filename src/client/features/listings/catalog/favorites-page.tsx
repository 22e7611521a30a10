import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { ListingGrid } from '#client/components/ui/listing-card.js';
import { Section } from '#client/components/ui/section.js';
import { QueryView } from '#client/components/ui/status.js';
import { favoritesQuery } from '#client/lib/queries/favorites.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { SavedSearchList } from './components/saved-search-list';
import '#client/features/listings/catalog/favorites.css';

/** /favorites: the listings the person keeps an eye on, and the searches they saved. */
export function FavoritesPage() {
  useDocumentTitle('Favourites');
  return <RequireUser>{(user) => <Favorites user={user} />}</RequireUser>;
}

function Favorites({ user }: { user: SessionUser }) {
  const favorites = useQuery(favoritesQuery(user.user_id));
  return (
    <div className="page">
      <h1>Favourites</h1>
      <QueryView
        query={favorites}
        empty="No favourites yet. Tap the heart on a listing to keep an eye on it here."
      >
        {(data) => <ListingGrid listings={data} headingLevel={2} />}
      </QueryView>
      <Section titleId="saved-searches" title="Saved searches">
        <SavedSearchList user={user} />
      </Section>
    </div>
  );
}
