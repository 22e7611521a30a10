export function PublicProfilePage() {
  return (
    <section className="page">
      <h1>Seller</h1>
    </section>
  );
}
