export function ProductPage() {
  return (
    <section className="page">
      <h1>Listing</h1>
    </section>
  );
}
