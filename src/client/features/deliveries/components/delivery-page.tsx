import type { ReactNode } from 'react';
import { BackToProfile } from '../../../components/ui/back-to-profile';
import '../../../components/ui/delivery-ui.css';

/**
 * A delivery screen (courier dashboard, delivery requests, current delivery): back to the
 * profile, the title, then a notice when an action failed.
 */
export function DeliveryPage({
  titleId,
  title,
  notice,
  className,
  children,
}: {
  titleId: string;
  title: string;
  notice?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `dl-page ${className}` : 'dl-page'} aria-labelledby={titleId}>
      <div className="dl-head">
        <BackToProfile />
        <h1 id={titleId}>{title}</h1>
      </div>
      {notice && (
        <p className="dl-notice" role="alert">
          {notice}
        </p>
      )}
      {children}
    </section>
  );
}
