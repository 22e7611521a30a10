export function HomePage() {
  return (
    <section className="page">
      <h1>Featured</h1>
    </section>
  );
}
