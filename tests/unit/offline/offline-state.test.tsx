import { QueryClient, QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryView } from '#client/components/ui/status.js';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });
  onlineManager.setOnline(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  onlineManager.setOnline(true);
});

let answers = 0;
function Orders() {
  const orders = useQuery({
    queryKey: ['orders'],
    queryFn: () => Promise.resolve([`order ${++answers}`]),
    networkMode: 'online',
  });
  return <QueryView query={orders}>{(list) => <p>{list.join(', ')}</p>}</QueryView>;
}

describe('a screen with nothing saved, opened offline', () => {
  it('says it is offline with Try again, never Loading…, and loads once back online', async () => {
    setOnline(false);
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Orders />
      </QueryClientProvider>,
    );
    const note = await screen.findByTestId('offline-state');
    expect(note).toHaveTextContent('You are offline.');
    expect(note).toHaveTextContent('It loads by itself once you are back online.');
    expect(screen.queryByText('Loading…')).toBeNull();
    // Trying again offline asks nothing of the network and says the same.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('offline-state')).toBeVisible();
    expect(answers).toBe(0);

    act(() => setOnline(true));
    expect(await screen.findByText('order 1')).toBeVisible();
    expect(screen.queryByTestId('offline-state')).toBeNull();
  });
});
