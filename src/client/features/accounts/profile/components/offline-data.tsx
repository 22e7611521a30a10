import { Section } from '#client/components/ui/section.js';
import { formatBytes } from '#client/lib/format-bytes.js';
import { offlineData, type OfflineData } from '#client/lib/persistent-storage.js';
import { useAsyncState } from '#client/lib/use-async-state.js';

/**
 * Whether the browser keeps what the app saved on this phone (the courier's waiting updates,
 * the data shown offline) and how much space it takes. Nothing where the browser does not say.
 */
export function OfflineDataStatus() {
  const [data] = useAsyncState<OfflineData | null>(offlineData, null);
  if (!data) return null;
  return (
    <Section titleId="device-title" title="This device">
      <p className="profile-offline-data">
        Offline data: {data.kept ? 'kept on this device' : 'may be cleared by the browser'}
        {data.usedBytes !== null && `, ${formatBytes(data.usedBytes)} used`}
      </p>
    </Section>
  );
}
