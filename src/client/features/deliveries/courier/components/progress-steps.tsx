import { PROGRESS_STEPS, progressIndex, type DeliveryStatus } from '#shared/delivery.js';

/** Assigned, Picked Up, Delivered, with the current one highlighted. */
export function ProgressSteps({ status }: { status: DeliveryStatus }) {
  const current = progressIndex(status);
  return (
    <ol className="nav-progress" aria-label="Delivery progress">
      {PROGRESS_STEPS.map((step, index) => (
        <li
          key={step}
          className={index === current ? 'is-current' : index < current ? 'is-done' : undefined}
          aria-current={index === current ? 'step' : undefined}
        >
          {step}
        </li>
      ))}
    </ol>
  );
}
