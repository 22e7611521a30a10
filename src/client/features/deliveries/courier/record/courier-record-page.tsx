import { useMemo } from 'react';
import { Link } from 'react-router';
import { courierRecord, type RecordPeriod } from '#shared/courier-record.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { Stars } from '#client/components/ui/stars.js';
import { campusTimeZone } from '#client/lib/campus-time.js';
import { DeliveryPage } from '#client/features/deliveries/components/delivery-page.js';
import '#client/components/ui/delivery-ui.css';
import { useCourierDeliveries } from '../api/courier-api';
import { CourierOnly } from '../components/courier-only';
import './courier-record.css';

const TITLE = 'My deliveries';

/** "1.2 km", or "350 m" under a kilometre. */
function distance(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : `${meters} m`;
}

/** "Wed 12/9" for a campus date (YYYY-MM-DD): the weekday, then month and day. */
function dayName(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
}

/** The courier's record of their work: deliveries per day and week, walking, ratings. */
export function CourierRecordPage() {
  return <CourierOnly title={TITLE}>{(user) => <CourierRecordView user={user} />}</CourierOnly>;
}

function CourierRecordView({ user }: { user: SessionUser }) {
  const mine = useCourierDeliveries(user.user_id);
  const record = useMemo(
    () =>
      mine.data ? courierRecord(mine.data, { now: new Date(), timeZone: campusTimeZone() }) : null,
    [mine.data],
  );
  const notice = mine.isError && !record ? 'Failed to fetch your deliveries' : null;
  return (
    <DeliveryPage titleId="record-title" title={TITLE} notice={notice}>
      <p className="rec-back">
        <Link to="/courierPage">Courier Dashboard</Link>
      </p>
      {!record ? (
        !notice && <p className="dl-empty">Loading your deliveries…</p>
      ) : (
        <>
          <section aria-labelledby="rec-week" className="rec-section">
            <h2 id="rec-week">This week</h2>
            <dl className="rec-totals">
              <Total label="Delivered" value={String(record.weeks[0]!.delivered)} />
              <Total label="Returned" value={String(record.weeks[0]!.returned)} />
              <Total label="Walked" value={distance(record.weeks[0]!.walkedMeters)} />
              <Total label="All time" value={`${record.allTime.delivered} delivered`} />
            </dl>
            <p className="rec-note">
              Walking is counted from each pickup spot to its drop-off, for the items delivered.
            </p>
          </section>
          <PeriodTable
            id="rec-days"
            title="Last 7 days"
            first="Day"
            periods={record.days}
            name={dayName}
          />
          <PeriodTable
            id="rec-weeks"
            title="Weeks"
            first="Week of"
            periods={record.weeks}
            name={dayName}
          />
          <section aria-labelledby="rec-ratings" className="rec-section">
            <h2 id="rec-ratings">Ratings from buyers</h2>
            {record.averageRating === null ? (
              <p className="dl-empty">No ratings yet.</p>
            ) : (
              <>
                <p>
                  Average {record.averageRating} out of 5 from{' '}
                  {record.ratings.length === 1 ? '1 rating' : `${record.ratings.length} ratings`}.
                </p>
                <ul className="rec-ratings">
                  {record.ratings.map((r) => (
                    <li key={r.deliveryId}>
                      <Stars rating={r.rating} />
                      <span className="rec-item">{r.title}</span>
                      {r.comment && <q>{r.comment}</q>}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </>
      )}
    </DeliveryPage>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function PeriodTable({
  id,
  title,
  first,
  periods,
  name,
}: {
  id: string;
  title: string;
  first: string;
  periods: RecordPeriod[];
  name: (start: string) => string;
}) {
  return (
    <section aria-labelledby={id} className="rec-section">
      <h2 id={id}>{title}</h2>
      <table className="rec-table">
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Delivered</th>
            <th scope="col">Returned</th>
            <th scope="col">Walked</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={p.start}>
              <th scope="row">{name(p.start)}</th>
              <td>{p.delivered}</td>
              <td>{p.returned}</td>
              <td>{distance(p.walkedMeters)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
