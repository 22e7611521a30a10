/** The header when the notification bell's code cannot be loaded (bad Wi-Fi, a page left). */
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { reply, stubApi } from '../support/fetch-stub';
import { signIn } from '../support/data';
import { renderShell } from '../support/render';

vi.mock('#client/app/shell/notification-bell', () => {
  throw new TypeError('error loading dynamically imported module');
});

it('keeps the header and the page when the bell cannot be loaded', async () => {
  const errors = vi.spyOn(console, 'error');
  stubApi({ 'GET /api/me': reply(200, { user: signIn(), expiresAt: '' }) });
  renderShell();
  expect(await screen.findByRole('button', { name: /maria account menu/ })).toBeVisible();
  expect(screen.getByTestId('location')).toBeInTheDocument();
  expect(document.querySelector('.bell-slot')).not.toBeNull();
  expect(errors).not.toHaveBeenCalled();
});
