/**
 * A courier's drop-off photo as the outbox keeps it: its bytes and type. An ArrayBuffer is
 * stored by every browser's IndexedDB (older Safari refused Blobs) and in the service worker;
 * the API takes it as a data URL.
 */
export interface PhotoBytes {
  type: string;
  bytes: ArrayBuffer;
}

export async function photoBytes(blob: Blob): Promise<PhotoBytes> {
  return { type: blob.type || 'image/jpeg', bytes: await blob.arrayBuffer() };
}

export function photoDataUrl(photo: PhotoBytes): string {
  const bytes = new Uint8Array(photo.bytes);
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${photo.type};base64,${btoa(binary)}`;
}
