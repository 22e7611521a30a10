/**
 * Whether `query` finds a row at all: for the yes-or-no reads (an account exists, a review or
 * an open report is there already), which name only a key column and never read it.
 */
export async function hasRow(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether `query`, a delete, removed a row at all (there was a block to lift, a device to forget). */
export async function deletedAny(query: {
  executeTakeFirst(): Promise<{ numDeletedRows: bigint }>;
}): Promise<boolean> {
  return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
}
