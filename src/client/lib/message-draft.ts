/**
 * A message a visitor typed to a seller before signing in: kept for this tab (sessionStorage,
 * which Sign Out clears) while they sign in, and put back in the listing's message box.
 */
const key = (listingId: number) => `messageDraft:${listingId}`;

export function keepMessageDraft(listingId: number, text: string): void {
  try {
    if (text) sessionStorage.setItem(key(listingId), text);
  } catch {
    // Storage off (a private window on an old browser): the draft is only lost.
  }
}

export function messageDraft(listingId: number): string {
  try {
    return sessionStorage.getItem(key(listingId)) ?? '';
  } catch {
    return '';
  }
}

export function dropMessageDraft(listingId: number): void {
  try {
    sessionStorage.removeItem(key(listingId));
  } catch {
    // Nothing kept.
  }
}
