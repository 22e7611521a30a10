import { useNavigate } from 'react-router';
import './delivery-ui.css';

/** The back button of the delivery screens: to the profile dashboard. */
export function BackToProfile({ label = '← Back to Profile' }: { label?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-large btn-outline"
      onClick={() => navigate('/RealUserProfile')}
    >
      {label}
    </button>
  );
}
