import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>That page does not exist.</p>
      <Link to="/">Back to the home page</Link>
    </section>
  );
}
