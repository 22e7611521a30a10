import { useBlock, useBlocks, useUnblock } from '#client/lib/queries/safety.js';
import { ReadyButton } from '#client/components/ui/form-controls.js';

/** Block or unblock a person; blocking is silent: they are not told. */
export function BlockButton({ userId, username }: { userId: number; username: string }) {
  const blocks = useBlocks();
  const block = useBlock();
  const unblock = useUnblock();
  const blocked = (blocks.data ?? []).some((b) => b.user_id === userId);
  const busy = block.isPending || unblock.isPending || blocks.isPending;
  const failed = block.error ?? unblock.error;
  return (
    <>
      <ReadyButton
        variant="quiet"
        className="block-button"
        disabled={busy}
        onClick={() => (blocked ? unblock.mutate(userId) : block.mutate(userId))}
      >
        {blocked ? `Unblock ${username}` : `Block ${username}`}
      </ReadyButton>
      {blocked && (
        <p className="note" role="status">
          Blocked. You will not see their messages; they are not told.
        </p>
      )}
      {failed && (
        <p className="form-error" role="alert">
          {failed.message}
        </p>
      )}
    </>
  );
}
