import { useState } from 'react';
import type { Listing } from '#shared/schemas/listings.js';
import { ReadyButton } from '#client/components/ui/form-controls.js';

type Outcome = { kind: 'copied' } | { kind: 'failed'; url: string } | null;

/**
 * Shares the listing's address: through the system's share sheet where the browser has one
 * (the Web Share API: phones, Safari, Chrome on Windows and macOS), else by copying it.
 */
export function ShareButton({ listing }: { listing: Listing }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const share = async () => {
    const url = new URL(`/productListing/${listing.listing_id}`, window.location.href).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: listing.title, url });
        return;
      } catch (error) {
        // Closing the sheet is a choice, not a failure; a refused sheet falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      // Missing outside secure contexts: the TypeError lands below.
      await navigator.clipboard.writeText(url);
      setOutcome({ kind: 'copied' });
    } catch {
      setOutcome({ kind: 'failed', url });
    }
  };
  return (
    <p className="share">
      <ReadyButton variant="outline" onClick={() => void share()}>
        Share
      </ReadyButton>
      {/* Always present, so a screen reader announces what is written into it. */}
      <span className="share-note" aria-live="polite">
        {outcome?.kind === 'copied' && 'Link copied'}
        {outcome?.kind === 'failed' && `Copy this link: ${outcome.url}`}
      </span>
    </p>
  );
}
