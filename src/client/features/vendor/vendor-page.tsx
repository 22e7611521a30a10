export function VendorPage() {
  return (
    <section className="page">
      <h1>Vendor dashboard</h1>
    </section>
  );
}
