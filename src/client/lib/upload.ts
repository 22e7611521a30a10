/**
 * A JSON POST (or PATCH) that reports upload progress. fetch() cannot report request-body
 * progress, so the large uploads (listing photos as base64 data URLs) use XMLHttpRequest; errors match
 * api(): ApiError{status,message}, and a TypeError when the network fails.
 */
import { ApiError, readErrorBody } from './api';

export function postJsonWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (fraction: number) => void,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
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
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new TypeError('Upload cancelled'));
    xhr.send(JSON.stringify(body));
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
