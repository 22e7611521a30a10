import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '#server/node-flags.js';

describe('how the server is started', () => {
  it('`npm run serve` gives Node the flags the benchmarks and tests start it with', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.serve).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });

  it.each(['README.md', 'docs/OPERATIONS.md'])(
    'the instances in %s are started the same way',
    (doc) => {
      const text = fs.readFileSync(doc, 'utf8');
      const starts = text.match(/node [^\n&]*dist\/server\/main\.js/g) ?? [];
      expect(starts.length).toBeGreaterThan(0);
      for (const start of starts) {
        expect(start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
      }
    },
  );
});
