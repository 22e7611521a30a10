export function AboutTeamPage() {
  return (
    <section className="page">
      <h1>About the team</h1>
    </section>
  );
}
