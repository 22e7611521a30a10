import { Link } from 'react-router';
import { useDocumentTitle, usePageMeta } from '#client/lib/use-document-title.js';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  // For the server: an unknown address answers 404, with this page.
  usePageMeta({ status: 404 });
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>That page does not exist.</p>
      <Link to="/">Back to the home page</Link>
    </section>
  );
}
