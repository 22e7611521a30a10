export function LoginPage() {
  return (
    <section className="page">
      <h1>Login</h1>
    </section>
  );
}
