import { sql, type SqlBool } from 'kysely';
import type { Db } from './schema.js';

/**
 * A row between two people, either way: `from` holds one of them and `to` the other (a message's
 * sender and receiver, a block's blocker and blocked).
 */
export function eitherWay(from: string, to: string, one: number, other: number) {
  const [a, b] = [sql.ref(from), sql.ref(to)];
  return sql<SqlBool>`((${a} = ${one} and ${b} = ${other}) or (${a} = ${other} and ${b} = ${one}))`;
}

/**
 * The messages two people wrote each other (`m`), either way: whether they talked, as an
 * `exists` of a review's or a hold's rule narrows it (about a listing, one of the seller's).
 */
export const messagesBetween = (db: Db, one: number, other: number) =>
  db
    .selectFrom('direct_messages as m')
    .select('m.message_id')
    .where(eitherWay('m.sender_id', 'm.receiver_id', one, other));
