/**
 * A lane: the phone journeys (journeys/) in one engine, on one app server for the lane, one
 * journey after another. Each journey gets fresh phones, closed after it, and fails when a
 * phone's page reported an error (where the engine's protocol shows them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './app-server';
import type { Phone } from './phone';

export interface JourneyContext {
  app: AppServer;
  /** A new phone (its own empty storage) at 390x844 on the app, closed after the journey. */
  openPhone(): Promise<Phone>;
}

export interface Journey {
  name: string;
  run(t: JourneyContext): Promise<void>;
}

/** The journeys of one person or screen: "a courier" reads "a courier in Firefox". */
export interface Journeys {
  who: string;
  journeys: Journey[];
}

export interface Engine {
  name: string;
  /** Starts what the lane's phones share (a browser); once, before the journeys. */
  start(): Promise<void>;
  openPhone(baseUrl: string): Promise<Phone>;
  stop(): Promise<void>;
}

export function lane(
  engine: Engine,
  ports: { app: number; tiles: number },
  groups: Journeys[],
): void {
  let app: AppServer | null = null;
  beforeAll(async () => {
    const started = await Promise.allSettled([
      engine.start(),
      startApp(ports).then((a) => (app = a)),
    ]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  });
  afterAll(async () => {
    await Promise.allSettled([engine.stop(), app?.close()]);
  });

  for (const group of groups) {
    describe(`${group.who} in ${engine.name}`, () => {
      for (const journey of group.journeys) {
        it(journey.name, async () => {
          // A journey before may have left the server stopped.
          await app!.start();
          const phones: Phone[] = [];
          // Once the journey has stopped the server, a phone's connection to it is refused.
          let stopped = false;
          const journeyApp: AppServer = {
            ...app!,
            stop: () => {
              stopped = true;
              return app!.stop();
            },
          };
          try {
            await journey.run({
              app: journeyApp,
              async openPhone() {
                const phone = await engine.openPhone(app!.baseUrl);
                phones.push(phone);
                return phone;
              },
            });
            const errors = (await Promise.all(phones.map((p) => p.errors())))
              .flatMap((e) => e ?? [])
              .filter((e) => !(stopped && e.startsWith(`unreachable: ${app!.baseUrl}/`)));
            expect(errors, 'errors the pages reported').toEqual([]);
          } finally {
            await Promise.allSettled(phones.map((p) => p.close()));
          }
        });
      }
    });
  }
}
