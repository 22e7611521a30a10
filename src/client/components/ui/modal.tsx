import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Disables closing (e.g. while an upload runs). */
  busy?: boolean;
  /** `alertdialog`: a question or a notice that needs an answer (lib/dialogs.ts). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the dialog is about, beside its title. */
  describedBy?: string;
  /** The × in the corner; a dialog whose own buttons answer it goes without (Escape stays). */
  closeButton?: boolean;
}

/** Whether `node` is the dialog on top: only that one answers keys when one opens over another. */
function isTopmost(node: HTMLElement): boolean {
  const open = document.querySelectorAll('.modal-backdrop');
  return open[open.length - 1] === node.parentElement;
}

/**
 * An accessible modal dialog: labelled by its title, focus moves in (to a `data-autofocus`
 * control first) and is kept inside, Escape and the close button close it, and focus returns
 * to where it was.
 */
export function Modal({
  title,
  onClose,
  children,
  busy = false,
  role = 'dialog',
  describedBy,
  closeButton = true,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const busyRef = useRef(busy);
  useEffect(() => {
    closeRef.current = onClose;
    busyRef.current = busy;
  });

  // Before the first paint: focus is in the dialog from the moment it shows.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ??
      node?.querySelector<HTMLElement>(FOCUSABLE.replace('a[href], ', ''));
    (first ?? node)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // The page behind is out of reach (pointer, keyboard, screen reader) while the dialog is open.
    const app = document.getElementById('root');
    const wasInert = app?.hasAttribute('inert') ?? true;
    app?.setAttribute('inert', '');
    app?.setAttribute('aria-hidden', 'true');
    const onKey = (event: KeyboardEvent) => {
      if (node && !isTopmost(node)) return;
      if (event.key === 'Escape' && !busyRef.current) {
        event.stopPropagation();
        closeRef.current();
      }
      if (event.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const head = items[0]!;
        const tail = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (!wasInert) {
        app?.removeAttribute('inert');
        app?.removeAttribute('aria-hidden');
      }
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        ref={panel}
        tabIndex={-1}
      >
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          {closeButton && (
            <button
              type="button"
              className="icon-button"
              aria-label="Close"
              onClick={onClose}
              disabled={busy}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
