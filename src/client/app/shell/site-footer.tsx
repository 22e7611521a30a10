import { Link } from 'react-router';
import { campusYear } from '#client/lib/campus-time.js';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>© {campusYear()} Gator Market · made by students, for students</p>
        <nav aria-label="Footer">
          <ul role="list">
            <li>
              <Link to="/aboutTeam">About Us</Link>
            </li>
            <li>
              <Link to="/safety">Safety</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/user-agreement">User Agreement</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
