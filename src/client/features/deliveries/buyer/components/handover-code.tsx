/** The buyer's handover code, large, for the courier to read off the buyer's phone. */
export function HandoverCode({ code }: { code: string }) {
  return (
    <section className="os-code" aria-label="Handover code">
      <p className="os-code-label">Your handover code</p>
      <p className="os-code-digits" data-testid="handover-code">
        {code}
      </p>
      <p className="os-code-hint">Show this code to your courier</p>
    </section>
  );
}
