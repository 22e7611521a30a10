// Captures the install-dialog screenshots of the manifest from a running app:
//   npm start   (or npm run serve)   then   node scripts/capture-screenshots.mjs [base URL]
// Writes public/screenshots/{home-narrow,home-wide}.png at the sizes manifest.webmanifest names.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = new URL('../public/screenshots/', import.meta.url);
fs.mkdirSync(out, { recursive: true });

const shots = [
  { file: 'home-narrow.png', width: 540, height: 1200, mobile: true },
  { file: 'home-wide.png', width: 1280, height: 800, mobile: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const shot of shots) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      isMobile: shot.mobile,
    });
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.screenshot({ path: new URL(shot.file, out).pathname });
    await page.close();
    console.log(`wrote public/screenshots/${shot.file}`);
  }
} finally {
  await browser.close();
}
