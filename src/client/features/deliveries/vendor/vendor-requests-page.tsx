import { useState } from 'react';
import { Link } from 'react-router';
import type { DeliveryRequest } from '#shared/schemas/deliveries.js';
import { DeliveryPage } from '#client/features/deliveries/components/delivery-page.js';
import { RequireUser } from '#client/components/require-user.js';
import { Section } from '#client/components/ui/section.js';
import { VendorDeliveries } from '#client/features/deliveries/vendor/vendor-deliveries.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { AcceptModal } from './accept-modal';
import { RequestCard } from './request-card';
import { useDeclineRequest, useVendorRequests } from './vendor-requests-api';
import '#client/components/ui/delivery-ui.css';
import './vendor-requests.css';
import { LoadingNote } from '#client/components/ui/status.js';

export const DECLINE_CONFIRM = 'Decline this delivery request?';

export function VendorRequestsPage() {
  return <RequireUser>{(user) => <VendorRequests userId={user.user_id} />}</RequireUser>;
}

function VendorRequests({ userId }: { userId: number }) {
  const requests = useVendorRequests(userId);
  const decline = useDeclineRequest(userId);
  const [accepting, setAccepting] = useState<DeliveryRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function onDecline(request: DeliveryRequest) {
    setNotice(null);
    const yes = await askToConfirm(DECLINE_CONFIRM, {
      detail: `${request.title || 'No Title'} for ${request.username ?? 'a buyer'}: the buyer sees Denied, and it cannot be taken back.`,
      confirmLabel: 'Decline',
      cancelLabel: 'Keep request',
      danger: true,
    });
    if (!yes) return;
    decline.mutate(request.delivery_request_id, {
      onError: (error) => setNotice(`Could not decline this request: ${error.message}`),
    });
  }

  return (
    <DeliveryPage titleId="vr-title" title="Delivery Requests" notice={notice}>
      <RequestList
        requests={requests.data}
        error={requests.isError ? requests.error : null}
        busyId={decline.isPending ? decline.variables : undefined}
        onAccept={setAccepting}
        onDecline={(request) => void onDecline(request)}
      />
      {/* What the vendor accepted, followed to the drop-off: status and courier as they change. */}
      <Section titleId="vr-accepted" title="Accepted deliveries">
        <VendorDeliveries
          vendorId={userId}
          underWay
          loading="Loading your accepted deliveries…"
          empty="Nothing under way. A delivery you accept shows here with its progress until it is delivered."
        />
        <p className="vr-all">
          <Link to="/vendorPage">All deliveries of your items</Link>
        </p>
      </Section>
      {accepting && (
        <AcceptModal request={accepting} userId={userId} onClose={() => setAccepting(null)} />
      )}
    </DeliveryPage>
  );
}

interface RequestListProps {
  requests: DeliveryRequest[] | undefined;
  error: Error | null;
  busyId: number | undefined;
  onAccept: (request: DeliveryRequest) => void;
  onDecline: (request: DeliveryRequest) => void;
}

function RequestList({ requests, error, busyId, onAccept, onDecline }: RequestListProps) {
  if (!requests) {
    return error ? (
      <p className="dl-notice" role="alert">
        Error: {error.message}
      </p>
    ) : (
      <LoadingNote />
    );
  }
  if (requests.length === 0) {
    return (
      <p className="dl-empty">No more delivery requests at this time. Please check again later.</p>
    );
  }
  return (
    <ul className="dl-list vr-list">
      {requests.map((request) => (
        <li key={request.delivery_request_id}>
          <RequestCard
            request={request}
            busy={busyId === request.delivery_request_id}
            onAccept={() => onAccept(request)}
            onDecline={() => onDecline(request)}
          />
        </li>
      ))}
    </ul>
  );
}
