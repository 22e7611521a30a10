export function CourierPage() {
  return (
    <section className="page">
      <h1>Courier Dashboard</h1>
    </section>
  );
}
