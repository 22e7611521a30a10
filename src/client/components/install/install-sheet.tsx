import { Modal } from '#client/components/ui/modal.js';
import './install-sheet.css';
import { Button } from '#client/components/ui/button.js';

/** Safari's Share symbol, drawn here so the sheet needs no image (and shows offline). */
function ShareGlyph() {
  return (
    <svg className="install-glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 14V3M8 7l4-4 4 4" />
      <path d="M9 10H6.5a1.5 1.5 0 0 0-1.5 1.5v8A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H15" />
    </svg>
  );
}

/** The Add to Home Screen symbol: a plus in a rounded square. */
function AddGlyph() {
  return (
    <svg className="install-glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="16" rx="3.5" />
      <path d="M12 8.5v7M8.5 12h7" />
    </svg>
  );
}

/**
 * iPhones and iPads have no install prompt: how to add the app from Share, and why it is worth
 * it there (Safari keeps a site's data only for a while, and notifies only Home Screen apps).
 */
export function InstallSheet({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Add Gator Market to your Home Screen" onClose={onClose}>
      <div className="install-sheet">
        <p className="install-lead">
          From the browser&apos;s toolbar: tap Share, then Add to Home Screen.
        </p>
        <ol className="install-steps">
          <li>
            Tap <strong>Share</strong> <ShareGlyph /> in the toolbar (at the bottom on an iPhone, at
            the top on an iPad).
          </li>
          <li>
            Scroll down and tap <strong>Add to Home Screen</strong> <AddGlyph />, then{' '}
            <strong>Add</strong>.
          </li>
          <li>Open Gator Market from its icon on your Home Screen.</li>
        </ol>
        <h3>Why it matters</h3>
        <ul className="install-why">
          <li>
            <strong>Works offline:</strong> orders, deliveries and the courier&apos;s PICKED UP and
            FINISH DROP OFF are kept on your phone until there is signal again.
          </li>
          <li>
            <strong>Notifications:</strong> iPhones and iPads deliver them only to apps on the Home
            Screen.
          </li>
        </ul>
        <Button block onClick={onClose}>
          Got it
        </Button>
      </div>
    </Modal>
  );
}
