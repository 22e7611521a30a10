export function CurrentDeliveryPage() {
  return (
    <section className="page">
      <h1>Current delivery</h1>
    </section>
  );
}
