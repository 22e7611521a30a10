/**
 * A JSON POST that reports upload progress. fetch() cannot report request-body progress, so the
 * one large upload (a listing photo as a base64 data URL) uses XMLHttpRequest; errors match
 * api(): ApiError{status,message}, a TypeError when the network fails, a `TimeoutError` when
 * nothing moved for the write deadline (a large photo may take longer on a slow link, but never
 * without progress).
 */
import { WRITE_DEADLINE_MS } from '#shared/deadlines.js';
import { ApiError, readErrorBody, requestWatch } from './api';
import { idempotencyHeaders } from './idempotency-key';

export function postJsonWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (fraction: number) => void,
  idempotencyKey?: string,
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
    xhr.open('POST', path);
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
