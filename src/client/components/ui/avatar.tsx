/** A person's initial in a circle; decoration beside their name, so hidden from screen readers. */
export function Avatar({ name, className = 'avatar' }: { name: string; className?: string }) {
  return (
    <span className={className} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
