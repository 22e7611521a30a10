/**
 * The moderator role: given by MODERATOR_EMAILS when its owner signs in with a confirmed
 * address (an address is only proof of a person once confirmed: anyone may register any campus
 * address), and given or taken by `npm run moderator`. Every change is in the audit trail.
 */
import type { Db } from '#server/db/schema.js';
import { recordDecision } from './audit.js';
import { setModeratorFlag } from './repository.js';

export const CONFIG_ACTOR = 'MODERATOR_EMAILS';
export const SCRIPT_ACTOR = 'npm run moderator';

interface Person {
  user_id: number;
  username: string;
  sfsu_email: string;
  email_verified: number;
  is_moderator: number;
}

/** Sets the flag; true when it changed (and the change was audited). */
export async function setModerator(
  db: Db,
  person: Pick<Person, 'user_id' | 'username' | 'is_moderator'>,
  moderator: boolean,
  actor: string,
): Promise<boolean> {
  const wanted = moderator ? 1 : 0;
  if (person.is_moderator === wanted) return false;
  await db.transaction().execute(async (trx) => {
    await setModeratorFlag(trx, person.user_id, wanted);
    await recordDecision(trx, {
      moderatorId: null,
      actor,
      action: moderator ? 'moderator.grant' : 'moderator.revoke',
      targetType: 'user',
      targetId: person.user_id,
      targetLabel: person.username,
      reason: '',
    });
  });
  return true;
}

/**
 * At sign-in or confirmation: a confirmed address listed in MODERATOR_EMAILS becomes a
 * moderator, whatever EMAIL_VERIFICATION says (with `off` nothing waits for the code, but the
 * role does: the code, or a reset link, confirms the address). Taking the role away is the
 * script's job (an address left out of the list keeps what the script gave).
 */
export async function grantFromConfig(
  db: Db,
  person: Person,
  moderatorEmails: readonly string[],
): Promise<boolean> {
  if (person.is_moderator === 1) return false;
  if (!moderatorEmails.includes(person.sfsu_email.toLowerCase())) return false;
  if (person.email_verified !== 1) return false;
  return setModerator(db, person, true, CONFIG_ACTOR);
}
