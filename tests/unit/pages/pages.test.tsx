import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AboutMemberPage } from '#client/features/pages/about/about-member-page.js';
import { AboutTeamPage } from '#client/features/pages/about/about-team-page.js';
import { TEAM } from '#client/features/pages/about/team.js';
import { TermsPage } from '#client/features/pages/legal/terms-page.js';
import { UserAgreementPage } from '#client/features/pages/legal/user-agreement-page.js';
import { VendorPage } from '#client/features/deliveries/vendor/vendor-page.js';
import { listings, makeRequest, signIn } from '../support/data';
import { stubApi } from '../support/fetch-stub';
import { itSendsSignedOutToLogin, renderAt } from '../support/render';

describe('about pages', () => {
  it('/aboutTeam links to every /about{name} page, including /aboutJace', () => {
    renderAt(<AboutTeamPage />, { path: '/aboutTeam' });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(TEAM.map((m) => `/about${m.slug}`));
    expect(links.map((l) => l.getAttribute('href'))).toContain('/aboutJace');
    expect(TEAM).toHaveLength(5);
  });

  it('a member page shows the member named by the route', () => {
    renderAt(null, {
      path: '/unused',
      url: '/aboutJace',
      routes: [{ path: '/aboutJace', element: <AboutMemberPage />, handle: { member: 'Jace' } }],
    });
    expect(screen.getByRole('heading', { name: 'Jace Nguyen' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to the team/ })).toHaveAttribute(
      'href',
      '/aboutTeam',
    );
  });
});

describe('legal pages', () => {
  it('have their titles and link to each other', () => {
    const terms = renderAt(<TermsPage />, { path: '/terms-of-service' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'User Agreement' })).toHaveAttribute(
      'href',
      '/user-agreement',
    );
    terms.unmount();
    renderAt(<UserAgreementPage />, { path: '/user-agreement' });
    expect(screen.getByRole('heading', { level: 1, name: 'User Agreement' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  });
});

describe('/vendorPage', () => {
  itSendsSignedOutToLogin(() => renderAt(<VendorPage />, { path: '/vendorPage' }));

  it('shows the vendor’s listings, sold count and pending delivery requests', async () => {
    signIn();
    stubApi({
      'GET /api/listing/active/7': listings(3),
      'GET /api/listing/vendor/sold/7': { count: 5 },
      'GET /api/delivery_request/vendor/7': [
        makeRequest(),
        makeRequest({ delivery_request_id: 6 }),
      ],
    });
    renderAt(<VendorPage />, { path: '/vendorPage' });
    expect(await screen.findByRole('link', { name: 'Item 3' })).toBeVisible();
    expect(screen.getByText('Active listings').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Sold Items').nextElementSibling).toHaveTextContent('5');
    const pending = screen.getByRole('link', { name: 'Pending delivery requests' });
    expect(pending).toHaveAttribute('href', '/vendorDeliveryRequest');
    expect(pending.closest('div')).toHaveTextContent('2');
  });
});
