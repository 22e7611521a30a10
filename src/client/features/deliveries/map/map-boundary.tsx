import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the map when its code or Leaflet cannot load (e.g. offline, not cached). */
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a failed map to its own box: the page around it still works. */
export class MapBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
