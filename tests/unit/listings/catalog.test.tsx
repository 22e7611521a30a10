import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePage } from '#client/features/listings/catalog/home-page.js';
import {
  fetchSpecSearch,
  specSearchPath,
  toSearchQuery,
} from '#client/features/listings/catalog/api/search-api.js';
import { parseSearch, searchHref } from '#client/lib/search-state.js';
import { listings, makeListing, page } from '../support/data';
import { never, offline, reply, stubApi } from '../support/fetch-stub';
import { currentPath, renderAt } from '../support/render';
import { NO_ANSWER_MESSAGE } from '#client/components/ui/status.js';

const home = (url = '/') => renderAt(<HomePage />, { path: '/', url });

describe('featured products', () => {
  it('shows a loading state first', () => {
    stubApi({ 'GET /api/listing/featured': never });
    home();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows up to 8 listings, each linking to its page', async () => {
    stubApi({ 'GET /api/listing/featured': listings(10) });
    home();
    const links = await screen.findAllByRole('link', { name: /^Item \d+$/ });
    expect(links).toHaveLength(8);
    expect(links[0]).toHaveAttribute('href', '/productListing/1');
    const images = screen.getAllByRole('img', { hidden: true }).filter((i) => i.tagName === 'IMG');
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });

  it('uses the small stored size and lazy loading for card images', async () => {
    stubApi({ 'GET /api/listing/featured': listings(6) });
    const { container } = home();
    await screen.findAllByRole('link', { name: /^Item/ });
    const imgs = [...container.querySelectorAll('img.listing-image')];
    expect(imgs[0]).toHaveAttribute('src', '/uploads/abc-sm.webp');
    expect(imgs[5]).toHaveAttribute('loading', 'lazy');
  });

  it('says so when there is nothing for sale (empty database)', async () => {
    stubApi({ 'GET /api/listing/featured': [] });
    home();
    expect(await screen.findByText(/Nothing for sale yet/)).toBeVisible();
  });

  it('shows an error with a retry when the call fails', async () => {
    const api = stubApi({ 'GET /api/listing/featured': reply(500, { message: 'Database down' }) });
    const { user } = home();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database down');
    api.set('GET /api/listing/featured', listings(2));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Item 1' })).toBeVisible();
  });

  it('explains a failure that got no answer', async () => {
    stubApi({ 'GET /api/listing/featured': offline });
    home();
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_ANSWER_MESSAGE);
  });
});

describe('search results', () => {
  it('replace the featured items and carry the category and word to the server', async () => {
    const api = stubApi({ 'GET /api/search': page(listings(3), 3) });
    home('/?search=1&category=Books&title=calculus');
    expect(await screen.findByRole('heading', { name: '“calculus” in Books' })).toBeVisible();
    expect(await screen.findByText('3 items')).toBeVisible();
    expect(screen.queryByText('Featured products')).toBeNull();
    const call = api.callsTo('GET /api/search')[0]!;
    expect(call.query.get('category')).toBe('Books');
    expect(call.query.get('title')).toBe('calculus');
    expect(call.query.get('offset')).toBe('0');
  });

  it('an empty search lists all products', async () => {
    const api = stubApi({ 'GET /api/search': page(listings(2), 2) });
    home('/?search=1');
    expect(await screen.findByRole('heading', { name: 'All products' })).toBeVisible();
    const query = api.callsTo('GET /api/search')[0]!.query;
    expect(query.has('category')).toBe(false);
    expect(query.has('title')).toBe(false);
  });

  it('shows an empty state when nothing matches', async () => {
    stubApi({ 'GET /api/search': page([], 0) });
    home('/?search=1&title=zzz');
    expect(await screen.findByText(/No items match your search/)).toBeVisible();
  });

  it('offers the suggestion of the server when nothing matches, keeping the category', async () => {
    const api = stubApi({ 'GET /api/search': { ...page([], 0), suggestion: 'calculus' } });
    const { user, router } = home('/?search=1&category=Books&title=clculas');
    const status = await screen.findByText(/Did you mean/);
    expect(status).toHaveTextContent('0 items · Did you mean calculus?');
    api.set('GET /api/search', page(listings(2), 2));
    await user.click(within(status).getByRole('link', { name: 'calculus' }));
    await waitFor(() => expect(router.state.location.search).toContain('title=calculus'));
    expect(router.state.location.search).toContain('category=Books');
    expect(await screen.findByText('2 items')).toBeVisible();
    expect(api.callsTo('GET /api/search').at(-1)!.query.get('title')).toBe('calculus');
  });

  it('shows an error state when the search fails', async () => {
    stubApi({ 'GET /api/search': reply(400, { message: 'Search text is too long' }) });
    home('/?search=1&title=x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search text is too long');
  });

  it.each([
    ['Condition', 'Used - Good', 'condition', 'Used - Good'],
    ['Sort by', 'Lowest price', 'priceSort', 'low-to-high'],
    ['Sort by', 'Highest price', 'priceSort', 'high-to-low'],
    ['Date posted', 'Last 24 hours', 'datePosted', '24h'],
    ['Date posted', 'Last 7 days', 'datePosted', '7d'],
    ['Date posted', 'Last 30 days', 'datePosted', '30d'],
    ['Discount', '10% off or more', 'minDiscount', '10'],
    ['Discount', '25% off or more', 'minDiscount', '25'],
    ['Discount', '50% off or more', 'minDiscount', '50'],
    ['Vendor rating', '4 stars & up', 'minRating', '4'],
    ['Vendor rating', '3 stars & up', 'minRating', '3'],
    ['Vendor rating', '2 stars & up', 'minRating', '2'],
    ['Vendor rating', '1 star & up', 'minRating', '1'],
  ])('filter %s = %s goes to the URL and the server', async (label, option, key, value) => {
    const api = stubApi({ 'GET /api/search': page(listings(2), 2) });
    const { user, router } = home('/?search=1&title=lamp');
    await screen.findByText('2 items');
    await user.selectOptions(
      screen.getByLabelText(label),
      screen.getByRole('option', { name: option }),
    );
    await waitFor(() => expect(router.state.location.search).toContain(`${key}=`));
    expect(new URLSearchParams(router.state.location.search).get(key)).toBe(value);
    await waitFor(() => expect(api.callsTo('GET /api/search').at(-1)!.query.get(key)).toBe(value));
    expect(api.callsTo('GET /api/search').at(-1)!.query.get('title')).toBe('lamp');
  });

  it('Clear filters removes every filter but keeps the search', async () => {
    stubApi({ 'GET /api/search': page(listings(1), 1) });
    const { user, router } = home('/?search=1&title=lamp&condition=New&minDiscount=25');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(currentPath(router)).toBe('/?search=1&title=lamp');
  });

  it('pages large result sets with Load more instead of rendering everything', async () => {
    const api = stubApi({
      'GET /api/search': (call) => {
        const offset = Number(call.query.get('offset'));
        return page(listings(offset === 0 ? 24 : 6, offset + 1), 30, offset);
      },
    });
    const { user } = home('/?search=1');
    expect(await screen.findByText('Showing 24 of 30')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 30 of 30')).toBeVisible();
    expect(api.callsTo('GET /api/search')[1]!.query.get('offset')).toBe('24');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('show discounts of 1 or less as fractions and above 1 as percent', async () => {
    stubApi({
      'GET /api/search': page(
        [
          makeListing({ listing_id: 1, title: 'A', discount: 0.25 }),
          makeListing({ listing_id: 2, title: 'B', discount: 30 }),
        ],
        2,
      ),
    });
    home('/?search=1');
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText('25% off')).toBeVisible();
    expect(within(cards[1]!).getByText('30% off')).toBeVisible();
  });

  it('show the price asked with the original struck through beside a discount', async () => {
    stubApi({
      'GET /api/search': page(
        [
          makeListing({ listing_id: 1, title: 'Lamp', price: 30, discount: 25 }),
          makeListing({ listing_id: 2, title: 'Desk', price: 45, discount: 0.1 }),
          makeListing({ listing_id: 3, title: 'Chair', price: 12, discount: 0 }),
        ],
        3,
      ),
    });
    home('/?search=1');
    const cards = await screen.findAllByRole('article');
    expect(cards[0]!).toHaveTextContent('$30.00was $40.00');
    expect(within(cards[0]!).getByText('$40.00').tagName).toBe('S');
    expect(within(cards[1]!).getByText('$50.00').tagName).toBe('S');
    expect(cards[2]!).not.toHaveTextContent('was');
    expect(cards[2]!.querySelector('s')).toBeNull();
  });
});

describe('the four spec search calls', () => {
  it('are chosen by which inputs are set', () => {
    expect(specSearchPath({ category: 'Books' })).toBe('/api/category');
    expect(specSearchPath({ title: 'lamp' })).toBe('/api/title');
    expect(specSearchPath({ category: 'Books', title: 'lamp' })).toBe('/api/combined');
    expect(specSearchPath({})).toBe('/api/all');
  });

  it('send the filters along', async () => {
    const api = stubApi({ 'GET /api/combined': [makeListing()] });
    const state = parseSearch(new URLSearchParams('search=1&category=Food&title=tea&minRating=3'));
    const result = await fetchSpecSearch(toSearchQuery(state));
    expect(result).toHaveLength(1);
    const query = api.calls[0]!.query;
    expect(query.get('category')).toBe('Food');
    expect(query.get('title')).toBe('tea');
    expect(query.get('minRating')).toBe('3');
  });
});

describe('search state in the URL', () => {
  it('round-trips and ignores unknown values', () => {
    const search: Parameters<typeof searchHref>[0] = {
      searching: true,
      category: 'Stationary',
      title: 'pens',
      filters: {
        condition: 'New',
        priceSort: 'high-to-low',
        datePosted: '7d',
        minDiscount: 50,
        minRating: 2,
      },
    };
    const href = searchHref(search);
    expect(parseSearch(new URL(href, 'http://x').searchParams)).toEqual(search);
    const bad = parseSearch(new URLSearchParams('category=Cars&minRating=9&priceSort=random'));
    expect(bad).toEqual({
      searching: false,
      category: undefined,
      title: undefined,
      filters: expect.any(Object),
    });
    expect(Object.values(bad.filters).every((v) => v === undefined)).toBe(true);
  });
});
