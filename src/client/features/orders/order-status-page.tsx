export function OrderStatusPage() {
  return (
    <section className="page">
      <h1>Order Status</h1>
    </section>
  );
}
