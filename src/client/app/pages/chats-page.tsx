/**
 * The Chats screen: the messages area's page with the sales area's offers and hold in a
 * conversation about a listing. Features never import each other; the shell composes them.
 */
import { lazyComponent } from '#client/lib/lazy-component.js';
import { ChatsPage as MessagesChatsPage } from '../../features/messages/chats-page';
import { WithSpotMap } from './with-spot-map';

const ConversationOffers = lazyComponent(() =>
  import('../../features/sales/components/conversation-offers').then((m) => m.ConversationOffers),
);

export function ChatsPage() {
  return (
    <WithSpotMap>
      <MessagesChatsPage threadExtra={ConversationOffers} />
    </WithSpotMap>
  );
}
