import { useEffect } from 'react';
import { useMapTiles, type MapTiles } from '#client/features/deliveries/map/map-tiles.js';
import { formatBytes } from '#client/lib/format-bytes.js';
import { shortUsDate } from '#client/lib/format.js';
import { saveCampusMap, useCampusMapState, type CampusMapState } from '../api/campus-map-save';
import { Button } from '#client/components/ui/button.js';

/**
 * The courier dashboard's word on the map without signal. Opening the dashboard starts saving
 * the campus (or notices a new campus map, or resumes an interrupted save); the screen never
 * waits for it.
 */
export function CampusMapStatus({ onShift }: { onShift: boolean }) {
  const map = useMapTiles({ fresh: true });
  const version = map?.tiles.version;
  const state = useCampusMapState(version);
  useEffect(() => {
    if (map) void saveCampusMap(map);
    // A new version of the tiles (or going on shift) is a reason to look again; other renders are not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, onShift]);

  if (!map || state.kind === 'idle' || state.kind === 'unsupported') return null;
  return (
    <section className="cr-offline-map" aria-label="Map without signal">
      <CampusMapText state={state} map={map} />
    </section>
  );
}

function CampusMapText({ state, map }: { state: CampusMapState; map: MapTiles }) {
  switch (state.kind) {
    case 'not-saved':
      return (
        <p className="cr-offline-map-note" role="status">
          The map needs signal where you have not seen it before.
        </p>
      );
    case 'data-saver':
      return (
        <>
          <p className="cr-offline-map-note" role="status">
            Data Saver is on, so the campus map ({state.total} tiles) is not saved for offline yet.
          </p>
          <SaveButton map={map} label="Save campus map" />
        </>
      );
    case 'saving':
      return (
        <p className="cr-offline-map-note" role="status">
          Saving campus map for offline… {state.done} of {state.total}
        </p>
      );
    case 'paused':
      return (
        <p className="cr-offline-map-note" role="status">
          Saving campus map for offline… {state.done} of {state.total}. It goes on when the network
          is back.
        </p>
      );
    case 'failed':
      return (
        <>
          <p className="cr-offline-map-note" role="status">
            The campus map could not be saved for offline: {state.message}
          </p>
          <SaveButton map={map} label="Save again" again />
        </>
      );
    case 'saved': {
      const { receipt } = state;
      const size = receipt.bytes > 0 ? `, ${formatBytes(receipt.bytes)}` : '';
      return (
        <>
          <p className="cr-offline-map-note" role="status">
            <strong>Campus map saved for offline</strong>
            <span className="cr-offline-map-detail">
              {receipt.tiles} tiles{size}, saved {shortUsDate(receipt.savedAt)}
            </span>
          </p>
          <SaveButton map={map} label="Save again" again />
        </>
      );
    }
    default:
      return null;
  }
}

function SaveButton({
  map,
  label,
  again = false,
}: {
  map: MapTiles;
  label: string;
  again?: boolean;
}) {
  return (
    <Button
      size="large"
      variant="outline"
      onClick={() => void saveCampusMap(map, { asked: true, again })}
    >
      {label}
    </Button>
  );
}
