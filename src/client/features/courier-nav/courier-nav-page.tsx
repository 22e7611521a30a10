export function CourierNavPage() {
  return (
    <section className="page">
      <h1>Delivery</h1>
    </section>
  );
}
