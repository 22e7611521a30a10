import sfsu from '#shared/campuses/sfsu.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DEFAULT_PUSH_SERVICE_ORIGINS, loadConfig } from '#server/config.js';
import { API } from '#shared/api-paths.js';
import { TILE_ATTRIBUTION } from '#shared/tile-sources.js';
import { appForFile, as, createTestApp } from '../harness.js';

const ctx = await appForFile({ env: { TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' } });

/** Why the server would refuse to start with `env` ('' if it would start). */
function message(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('GET /api/config', () => {
  it('tells any visitor where the map tiles come from, and that they are not saved in advance', async () => {
    const res = await as(ctx).get(API.config);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      tiles: {
        source: 'host',
        version: 'https://tiles.example.org/{z}/{x}/{y}.png',
        attribution: TILE_ATTRIBUTION,
        minZoom: 0,
        maxZoom: 19,
        bounds: null,
        saveOffline: false,
      },
      emailVerification: 'required',
      campusTimeZone: 'America/Los_Angeles',
      campus: sfsu,
    });
  });

  it("lets phones save the campus from the host only with the operator's TILE_PREFETCH=1", async () => {
    const allowed = await createTestApp({
      env: {
        TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        TILE_PREFETCH: '1',
        MAP_ATTRIBUTION: 'Tiles by <a href="https://tiles.example.org">Example</a>',
      },
    });
    try {
      const res = await as(allowed).get(API.config);
      expect(res.json().tiles).toMatchObject({
        source: 'host',
        saveOffline: true,
        attribution: 'Tiles by <a href="https://tiles.example.org">Example</a>',
      });
      // The page itself fetches those tiles to save them, so its policy names the host.
      expect(res.headers['content-security-policy']).toMatch(
        /connect-src 'self' https:\/\/\*\.tiles\.example\.org;/,
      );
      const home = await as(ctx).get(API.config);
      expect(home.headers['content-security-policy']).toMatch(/connect-src 'self';/);
    } finally {
      await allowed.close();
    }
  });

  it('refuses a TILE_URL that is no tile template at start', () => {
    expect(() => loadConfig({ TILE_URL: 'tiles.example.org' })).toThrow(
      /TILE_URL must be an http\(s\) URL \(or a path on this server\) with \{z\}, \{x\} and \{y\}/,
    );
  });
});

describe('mail settings', () => {
  const smtp = { SMTP_URL: 'smtps://mailer:hunter2-secret@mail.example.edu:465' };
  const complete = {
    ...smtp,
    MAIL_FROM: 'Gator Market <market@example.edu>',
    PUBLIC_URL: 'https://market.example.edu',
  };

  it('reads CAMPUS_TIME_ZONE (America/Los_Angeles unless set), by its IANA name', () => {
    expect(loadConfig({}).campusTimeZone).toBe('America/Los_Angeles');
    expect(loadConfig({ CAMPUS_TIME_ZONE: '' }).campusTimeZone).toBe('America/Los_Angeles');
    expect(loadConfig({ CAMPUS_TIME_ZONE: 'asia/tokyo' }).campusTimeZone).toBe('Asia/Tokyo');
    expect(loadConfig({ CAMPUS_TIME_ZONE: 'UTC' }).campusTimeZone).toBe('UTC');
    for (const zone of ['Campus/Nowhere', 'PST8PDT+', '<script>']) {
      expect(message({ CAMPUS_TIME_ZONE: zone }), zone).toContain(
        'CAMPUS_TIME_ZONE: CAMPUS_TIME_ZONE must be a time zone name such as America/Los_Angeles',
      );
    }
  });

  it('reads SMTP_URL, MAIL_FROM, PUBLIC_URL and EMAIL_VERIFICATION', () => {
    expect(loadConfig({ ...complete, EMAIL_VERIFICATION: 'off' })).toMatchObject({
      smtpUrl: complete.SMTP_URL,
      mailFrom: complete.MAIL_FROM,
      publicUrl: 'https://market.example.edu',
      emailVerification: 'off',
    });
  });

  it('keeps mail in the built-in mailbox by default, linking to this server', () => {
    expect(loadConfig({ PORT: '9090' })).toMatchObject({
      smtpUrl: null,
      publicUrl: 'http://127.0.0.1:9090',
      emailVerification: 'required',
    });
    // An empty variable is one not set.
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' }).smtpUrl).toBeNull();
  });

  it('refuses what cannot work, at start, without repeating the SMTP password', () => {
    expect(message({ SMTP_URL: 'http://mailer:hunter2-secret@mail.example.edu' })).toMatch(
      /SMTP_URL must be smtp:\/\/user:password@host:port/,
    );
    expect(message({ SMTP_URL: 'http://mailer:hunter2-secret@x' })).not.toContain('hunter2');
    expect(message(smtp)).toMatch(/MAIL_FROM is required with SMTP_URL/);
    expect(message(smtp)).toMatch(/PUBLIC_URL is required with SMTP_URL/);
    expect(message({ ...complete, MAIL_FROM: 'not an address' })).toMatch(/MAIL_FROM must be/);
    expect(message({ ...complete, PUBLIC_URL: 'market.example.edu' })).toMatch(/PUBLIC_URL/);
    expect(message({ ...complete, PUBLIC_URL: 'https://market.example.edu/app?x' })).toMatch(
      /PUBLIC_URL/,
    );
    expect(message({ EMAIL_VERIFICATION: 'maybe' })).toMatch(/EMAIL_VERIFICATION/);
  });
});

describe('Web Push settings', () => {
  const keys = webpush.generateVAPIDKeys();

  it('reads VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT and PUSH_SERVICE_ORIGINS', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:market@example.edu',
      PUSH_SERVICE_ORIGINS: 'https://push.example.org, https://*.push.example.net/',
    });
    expect(config).toMatchObject({
      vapid: { publicKey: keys.publicKey, privateKey: keys.privateKey },
      vapidSubject: 'mailto:market@example.edu',
      pushServiceOrigins: ['https://push.example.org', 'https://*.push.example.net'],
    });
    // Unset: a pair made once and kept in the database, and the browsers' push services.
    expect(loadConfig({}).vapid).toBeNull();
    expect(loadConfig({}).pushServiceOrigins).toEqual(DEFAULT_PUSH_SERVICE_ORIGINS);
  });

  it('refuses keys, subjects and push services that cannot work, at start', () => {
    expect(message({ VAPID_PUBLIC_KEY: keys.publicKey })).toMatch(/go together/);
    expect(message({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/,
    );
    const other = webpush.generateVAPIDKeys();
    expect(
      message({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toMatch(/VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY/);
    expect(message({ VAPID_SUBJECT: 'market@example.edu' })).toMatch(/VAPID_SUBJECT must be/);
    expect(message({ PUSH_SERVICE_ORIGINS: 'http://push.example.org' })).toMatch(
      /PUSH_SERVICE_ORIGINS must be https origins/,
    );
    expect(message({ PUSH_SERVICE_ORIGINS: 'https://push.example.org/path' })).toMatch(
      /PUSH_SERVICE_ORIGINS must be https origins/,
    );
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('is 0 unless set, and takes whole milliseconds up to 5000', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2500' }).shutdownDrainMs).toBe(2500);
  });

  it.each(['-1', '5001', '1.5', 'soon'])('refuses %s at start with a readable reason', (value) => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: value })).toThrow(/SHUTDOWN_DRAIN_MS must be/);
  });
});

describe('GET /api/health while stopping', () => {
  it('answers 503 once the instance drains, and every answer then closes its connection', async () => {
    const stopping = await createTestApp();
    try {
      expect((await as(stopping).get(API.health)).json()).toEqual({ status: 'ok' });
      expect((await as(stopping).get('/api/all')).headers.connection).not.toBe('close');
      stopping.app.drain();
      const health = await as(stopping).get(API.health);
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'stopping',
        message: 'This instance is stopping; another one will answer.',
        code: 'unavailable',
      });
      expect(health.headers['retry-after']).toBe('5');
      const read = await as(stopping).get('/api/all');
      expect(read.statusCode).toBe(200);
      expect(read.headers.connection).toBe('close');
    } finally {
      await stopping.close();
    }
  });
});
