import { Button } from '#client/components/ui/button.js';

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
      <Button size="large" variant={onShift ? 'danger' : 'gold'} onClick={onToggle} disabled={busy}>
        {onShift ? 'END SHIFT' : 'Available for Work'}
      </Button>
    </div>
  );
}
