/**
 * The local push service of the Web Push bench in a process of its own. It decrypts every
 * payload and checks every VAPID JWT, which takes the CPU of a real push service; in the
 * bench's own process that work would stall autocannon's clock and count as the API's latency.
 * Run as a script, it is the service; imported, `startPushServiceProcess` starts and drives it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Subscription } from '#tests/fixtures/push-service.js';

type Request =
  | { id: number; op: 'devices'; count: number }
  | { id: number; op: 'waitForTag'; tag: string; count: number; timeoutMs: number }
  | { id: number; op: 'rejected' }
  | { id: number; op: 'close' };

/** A request without its id (Omit of each member of the union). */
type Ask = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export interface PushServiceProcess {
  origin: string;
  devices(count: number): Promise<Subscription[]>;
  waitForTag(tag: string, count: number, timeoutMs: number): Promise<void>;
  rejected(): Promise<number>;
  close(): Promise<void>;
}

export async function startPushServiceProcess(certDir: string): Promise<PushServiceProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [certDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { origin: string }).origin));
    child.once('exit', (code) => reject(new Error(`the push service exited (${code})`)));
  });
  child.on('message', (m) => {
    const reply = m as Reply;
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(new Error(reply.error));
  });
  const ask = <T>(request: Ask) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...request, id });
    });
  return {
    origin,
    devices: (count) => ask({ op: 'devices', count }),
    waitForTag: (tag, count, timeoutMs) => ask({ op: 'waitForTag', tag, count, timeoutMs }),
    rejected: () => ask({ op: 'rejected' }),
    async close() {
      await ask({ op: 'close' }).catch(() => undefined);
      child.disconnect();
    },
  };
}

/** The child: the push service itself, answering the bench's requests over IPC. */
async function serve(certDir: string) {
  const { startPushService } = await import('#tests/fixtures/push-service.js');
  const service = await startPushService({ certDir });
  process.send!({ origin: service.origin });
  process.on('message', (m) => {
    const request = m as Request;
    const reply = (work: () => unknown) =>
      Promise.resolve()
        .then(work)
        .then(
          (value) => process.send!({ id: request.id, ok: true, value }),
          (error: unknown) => process.send!({ id: request.id, ok: false, error: String(error) }),
        );
    switch (request.op) {
      case 'devices':
        void reply(() =>
          Array.from({ length: request.count }, () => service.device().subscription),
        );
        break;
      case 'waitForTag':
        void reply(async () => {
          await service.waitForTag(request.tag, request.count, request.timeoutMs);
        });
        break;
      case 'rejected':
        void reply(() => service.rejected.length);
        break;
      case 'close':
        void reply(() => service.close());
        break;
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  void serve(process.argv[2]!);
}
