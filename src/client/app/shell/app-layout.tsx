import { Outlet } from 'react-router';

/** Header, page and footer for every route except /login, /register and /courierNav/{id}. */
export function AppLayout() {
  return (
    <>
      <header>Gator Market</header>
      <main id="main">
        <Outlet />
      </main>
      <footer>© Gator Market</footer>
    </>
  );
}
