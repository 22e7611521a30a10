export function ChatsPage() {
  return (
    <section className="page">
      <h1>Messages</h1>
    </section>
  );
}
