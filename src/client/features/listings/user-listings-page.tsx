export function UserListingsPage() {
  return (
    <section className="page">
      <h1>Active Listings</h1>
    </section>
  );
}
