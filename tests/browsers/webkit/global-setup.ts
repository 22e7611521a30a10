/**
 * Starts what every WebKit phone shares: a virtual X display and WebKitWebDriver, which launches
 * a fresh MiniBrowser (with its own empty storage) for each session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findBrowsers, installCommand, missingPackages } from '../../../scripts/browsers.mjs';
import { webkitPorts } from '../../fixtures/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    webkit: { driverPort: number; miniBrowser: string };
  }
}

/**
 * MiniBrowser's toolbar would keep its window at least ~450 px wide; with GTK's spacing taken
 * out it lets the page be as narrow as a phone.
 */
const NARROW_TOOLBAR_CSS = '* { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n';

function startXvfb(xvfb: string): Promise<{ process: ChildProcess; display: string }> {
  const fixed = process.env.WEBKIT_DISPLAY;
  // Without WEBKIT_DISPLAY, Xvfb picks a free display number and writes it to stdout.
  const args = fixed
    ? [fixed, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp']
    : ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'];
  const child = spawn(xvfb, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let errors = '';
    child.stderr!.on('data', (chunk) => (errors += chunk));
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`)));
    if (fixed) {
      setTimeout(() => resolve({ process: child, display: fixed }), 500);
      return;
    }
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve({ process: child, display: `:${chunk.toString().trim()}` }),
    );
  });
}

async function waitForDriver(port: number, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port}`);
}

export default async function setup(project: TestProject) {
  const found = findBrowsers();
  const missing = missingPackages(found).filter((p) => p === 'webkit2gtk-driver' || p === 'xvfb');
  if (missing.length) {
    throw new Error(`The WebKit lane needs ${missing.join(', ')}: ${installCommand(missing)}`);
  }
  const home = mkdtempSync(join(tmpdir(), 'campus-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), NARROW_TOOLBAR_CSS);

  const xvfb = await startXvfb(found.xvfb!);
  const { driver: driverPort } = webkitPorts();
  const driver = spawn(found.webkitDriver!, [`--port=${driverPort}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DISPLAY: xvfb.display, XDG_CONFIG_HOME: home },
  });
  await waitForDriver(driverPort, driver);
  project.provide('webkit', { driverPort, miniBrowser: found.miniBrowser! });

  return () => {
    driver.kill();
    xvfb.process.kill();
    rmSync(home, { recursive: true, force: true });
  };
}
