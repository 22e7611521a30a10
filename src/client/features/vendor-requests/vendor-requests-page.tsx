export function VendorRequestsPage() {
  return (
    <section className="page">
      <h1>Delivery Requests</h1>
    </section>
  );
}
