/**
 * A JSON POST (or PATCH) that reports upload progress. fetch() cannot report request-body
 * progress, so the large uploads (listing photos as base64 data URLs) use XMLHttpRequest; errors
 * match api(): ApiError{status,message}, a TypeError when the network fails, a `TimeoutError`
 * when nothing moved for the write deadline (a large photo may take longer on a slow link, but
 * never without progress).
 */
import { WRITE_DEADLINE_MS } from '#shared/deadlines.js';
import type { PhotoUpload } from '#shared/schemas/listings.js';
import { ApiError, readErrorBody, requestWatch } from './api';
import { idempotencyHeaders } from './idempotency-key';

export function postJsonWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (fraction: number) => void,
  idempotencyKey?: string,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      clearTimeout(stalled);
      stalled = setTimeout(() => {
        xhr.onabort = null;
        xhr.abort();
        const timedOut = new DOMException('No progress before the deadline', 'TimeoutError');
        requestWatch.settled?.(timedOut);
        reject(timedOut);
      }, WRITE_DEADLINE_MS);
    };
    xhr.open(method, path);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    if (idempotencyKey) {
      for (const [name, value] of Object.entries(idempotencyHeaders(idempotencyKey)))
        xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onprogress = moved;
    xhr.onloadend = () => clearTimeout(stalled);
    xhr.onload = () => {
      requestWatch.settled?.();
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as T);
        return;
      }
      const { message, code } = readErrorBody(data);
      reject(
        new ApiError(
          xhr.status,
          message ?? (xhr.statusText || `Request failed (${xhr.status})`),
          message !== null,
          code,
        ),
      );
    };
    xhr.onerror = () => {
      const failed = new TypeError('Network request failed');
      requestWatch.settled?.(failed);
      reject(failed);
    };
    xhr.onabort = () => reject(new TypeError('Upload cancelled'));
    xhr.send(JSON.stringify(body));
    moved();
  });
}

/** A picked file as a data URL, the way listing photos are sent. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image.'));
    reader.readAsDataURL(file);
  });
}

/** Picked files as the API takes a listing's photos. */
export function photoUploads(files: readonly File[]): Promise<PhotoUpload[]> {
  return Promise.all(
    files.map(async (file) => ({
      thumbnail: await readAsDataUrl(file),
      mimetype: file.type as PhotoUpload['mimetype'],
    })),
  );
}
