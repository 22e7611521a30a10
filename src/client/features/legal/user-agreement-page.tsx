export function UserAgreementPage() {
  return (
    <section className="page">
      <h1>User Agreement</h1>
    </section>
  );
}
