import { Link } from 'react-router';
import { Section } from '#client/components/ui/section.js';
import { QueryView } from '#client/components/ui/status.js';
import { useBlocks, useUnblock } from '#client/lib/queries/safety.js';
import { shortUsDate } from '#client/lib/format.js';
import '#client/components/safety/safety.css';
import { Button } from '#client/components/ui/button.js';

/** Settings: the people the user blocked, each with Unblock. */
export function BlockedPeople() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  return (
    <Section titleId="blocked-title" title="Blocked people">
      <QueryView query={blocks} empty="You have not blocked anyone.">
        {(people) => (
          <ul className="blocked-list" role="list">
            {people.map((person) => (
              <li key={person.user_id}>
                <Link to={`/userProfile?id=${person.user_id}`}>{person.username}</Link>{' '}
                <span className="meta">since {shortUsDate(person.blocked_at)}</span>{' '}
                <Button
                  variant="outline"
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(person.user_id)}
                >
                  Unblock<span className="visually-hidden"> {person.username}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {unblock.isError && (
        <p className="form-error" role="alert">
          {unblock.error.message}
        </p>
      )}
    </Section>
  );
}
