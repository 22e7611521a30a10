/** XMLHttpRequest at the network boundary (uploads): records each request and answers as told. */
import { vi } from 'vitest';

export interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

export interface XhrStub {
  sent: Sent[];
  answer: { status: number; body: unknown } | 'network-error';
  /** When set, the response waits until the test calls `respond()`. */
  hold: boolean;
  respond: (() => void) | null;
}

/** Puts the stand-in XMLHttpRequest in place (call in beforeEach); the test reads and sets the stub. */
export function stubXhr(xhr: XhrStub, answer: XhrStub['answer']) {
  Object.assign(xhr, { sent: [], answer, hold: false, respond: null });
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: string) {
      xhr.sent.push({ method: this.method, url: this.url, body: JSON.parse(body) });
      const finish = () => {
        if (xhr.answer === 'network-error') return this.onerror?.();
        this.status = xhr.answer.status;
        this.responseText = JSON.stringify(xhr.answer.body);
        this.onload?.();
      };
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        if (xhr.hold) xhr.respond = finish;
        else finish();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** A stub to fill with `stubXhr`. */
export const xhrStub = (): XhrStub => ({
  sent: [],
  answer: 'network-error',
  hold: false,
  respond: null,
});
