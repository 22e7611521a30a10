import { Link } from 'react-router';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  MESSAGE_DIGEST_MINUTES,
  type NotificationAudience,
  type NotificationChannel,
  type NotificationKind,
} from '#shared/notification-kinds.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { SCREENS } from '#shared/screens.js';
import { DevicePush } from '#client/features/notifications/device-push.js';
import { RequireUser } from '#client/components/require-user.js';
import { Section } from '#client/components/ui/section.js';
import { QueryView } from '#client/components/ui/status.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { usePreferences, useSetPreference } from './notifications-api';
import './notifications.css';

const GROUPS: { audience: NotificationAudience; title: string }[] = [
  { audience: 'seller', title: 'As a seller' },
  { audience: 'buyer', title: 'As a buyer' },
  { audience: 'courier', title: 'As a courier' },
  { audience: 'everyone', title: 'Everyone' },
];

/** /notifications/settings: push on this device, and what comes by push and by e-mail. */
export function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
  return <RequireUser>{(user) => <Settings user={user} />}</RequireUser>;
}

function Settings({ user }: { user: SessionUser }) {
  const prefs = usePreferences();
  const set = useSetPreference();
  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    set.mutate({ [kind]: { [channel]: on } });
  return (
    <div className="page notification-settings">
      <div className="page-head">
        <h1>Notification settings</h1>
        <Link to={SCREENS.notifications} className="btn btn-outline">
          ← Notifications
        </Link>
      </div>
      <Section titleId="device-push-title" title="This device">
        <DevicePush userId={user.user_id} />
      </Section>
      <Section titleId="channels-title" title="What reaches you">
        <p>
          Everything shows in your notifications in the app. Choose what also comes as a push
          notification to your devices and as an e-mail to {user.sfsu_email}.
        </p>
        {set.isError && (
          <p className="form-error" role="alert">
            Could not save that change: {set.error.message}
          </p>
        )}
        <QueryView query={prefs}>
          {(current) => (
            <table>
              <caption className="visually-hidden">Push and e-mail, per notification</caption>
              <thead>
                <tr>
                  <th scope="col">Notification</th>
                  <th scope="col">Push</th>
                  <th scope="col">E-mail</th>
                </tr>
              </thead>
              {GROUPS.map((group) => (
                <tbody key={group.audience}>
                  <tr>
                    <th scope="colgroup" colSpan={3}>
                      {group.title}
                    </th>
                  </tr>
                  {NOTIFICATION_KIND_NAMES.filter(
                    (kind) => NOTIFICATION_KINDS[kind].audience === group.audience,
                  ).map((kind) => {
                    const info = NOTIFICATION_KINDS[kind];
                    return (
                      <tr key={kind}>
                        <th scope="row">
                          {info.label}
                          {info.mail === 'digest' && (
                            <small className="note">
                              {' '}
                              E-mail: one digest every {MESSAGE_DIGEST_MINUTES} minutes at most.
                            </small>
                          )}
                        </th>
                        {(['push', 'email'] as const).map((channel) => (
                          <td key={channel}>
                            <input
                              type="checkbox"
                              aria-label={`${channel === 'push' ? 'Push' : 'E-mail'}: ${info.label}`}
                              checked={current[kind][channel]}
                              onChange={(event) => toggle(kind, channel, event.target.checked)}
                            />
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              ))}
            </table>
          )}
        </QueryView>
      </Section>
    </div>
  );
}
