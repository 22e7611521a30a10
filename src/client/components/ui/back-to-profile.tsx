import { useNavigate } from 'react-router';
import './delivery-ui.css';
import { Button } from './button';

/** The back button of the delivery screens: to the profile dashboard. */
export function BackToProfile({ label = '← Back to Profile' }: { label?: string }) {
  const navigate = useNavigate();
  return (
    <Button size="large" variant="outline" onClick={() => navigate('/RealUserProfile')}>
      {label}
    </Button>
  );
}
