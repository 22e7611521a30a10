interface ShiftToggleProps {
  onShift: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** Available for Work starts a shift; END SHIFT stops new work from being offered. */
export function ShiftToggle({ onShift, busy, onToggle }: ShiftToggleProps) {
  return (
    <div className="cr-shift">
      <p className="cr-shift-state" role="status">
        {onShift ? 'You are on shift.' : 'You are off shift.'}
      </p>
      <button
        type="button"
        className={`btn btn-large ${onShift ? 'btn-danger' : 'btn-gold'}`}
        onClick={onToggle}
        disabled={busy}
      >
        {onShift ? 'END SHIFT' : 'Available for Work'}
      </button>
    </div>
  );
}
