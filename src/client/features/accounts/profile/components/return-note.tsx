import { Link, useLocation } from 'react-router';
import { loginStateOf, RETURN_LINKS } from '#client/lib/login-reason.js';

/**
 * Just registered after a listing (or a signed-in page) sent the person to sign in: the spec
 * opens the profile, and this note leads back, to the message they typed among other things.
 */
export function ReturnNote() {
  const cameFrom = loginStateOf(useLocation().state);
  if (!cameFrom || cameFrom.from === '/') return null;
  const { note, link } = RETURN_LINKS[cameFrom.reason ?? 'page'];
  return (
    <p className="return-note section">
      {note} <Link to={cameFrom.from}>{link}</Link>
    </p>
  );
}
