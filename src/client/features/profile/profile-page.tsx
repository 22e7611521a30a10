export function ProfilePage() {
  return (
    <section className="page">
      <h1>Profile</h1>
    </section>
  );
}
