/**
 * Puts a server-rendered page into the built index.html: the markup in #root, the page's CSS
 * inline in the head (so it paints styled, with no extra round trip), its code started once
 * the page has loaded, and the data it was rendered with for the browser's query cache.
 */
import path from 'node:path';
import { TIME_ZONE_ATTRIBUTE } from '#shared/campus-time.js';
import type { CampusFile } from '#shared/campus-file.js';
import { CAMPUS_ELEMENT_ID } from '#shared/campus-state.js';
import { SERVER_DATA_ELEMENT_ID } from '#shared/constants.js';
import { deferredStartElement } from './deferred-start.js';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Where app/router.tsx lives, relative to the project root (the manifest's keys). */
const ROUTER_DIR = 'src/client/app';

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for HTML: an element's content or a quoted attribute's value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/;
const HTML_ELEMENT = /<html\b/;

/** index.html's description of the site (the default of pages without their own). */
export function templateDescription(template: string): string {
  const text = DESCRIPTION.exec(template)?.[1] ?? '';
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface DocumentHead {
  title?: string;
  description?: string;
  /** Tags that go right after the description, early in the head where previewers look. */
  tags?: string;
  /** CAMPUS_TIME_ZONE, for the browser to write dates as the server did. */
  timeZone: string;
  /** The campus file, when it is not the default one the app is built with. */
  campus?: CampusFile | undefined;
}

/** Where a page is: the campus's time zone, and its file unless it is the default. */
export type PagePlace = Pick<DocumentHead, 'timeZone' | 'campus'>;

/**
 * index.html (a page's template, or the app shell) with a page's title, description and tags,
 * and the campus's time zone on <html>.
 */
export function documentHead(template: string, head: DocumentHead): string {
  let html = template.replace(
    HTML_ELEMENT,
    (element) => `${element} ${TIME_ZONE_ATTRIBUTE}="${escapeHtml(head.timeZone)}"`,
  );
  if (head.campus) {
    const campus = `<script type="application/json" id="${CAMPUS_ELEMENT_ID}">${scriptSafeJson(head.campus)}</script>`;
    html = html.replace('</head>', () => `${campus}</head>`);
  }
  if (head.title !== undefined) {
    html = html.replace(TITLE, () => `<title>${escapeHtml(head.title!)}</title>`);
  }
  const description =
    head.description === undefined
      ? (DESCRIPTION.exec(html)?.[0] ?? '')
      : `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const tags = head.tags ?? '';
  if (DESCRIPTION.test(html)) return html.replace(DESCRIPTION, () => `${description}${tags}`);
  return html.replace('</head>', () => `${description}${tags}</head>`);
}

/** Every file the given chunks load before they run: each chunk, its static imports, their CSS. */
export function chunkFiles(manifest: ViteManifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of chunk.css ?? []) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The JS and CSS files a page module needs beyond what index.html already loads. */
export function pageAssets(manifest: ViteManifest, pages: string[], template: string) {
  const files = chunkFiles(
    manifest,
    pages.map((page) => path.posix.join(ROUTER_DIR, page)),
  );
  const needed = [...files].filter((file) => !template.includes(`/${file}"`));
  return {
    js: needed.filter((file) => !file.endsWith('.css')),
    css: needed.filter((file) => file.endsWith('.css')),
  };
}

/** The root element of index.html, with the app shell's placeholder markup inside it. */
const ROOT_ELEMENT = /<div id="root">(?:[\s\S]*?<\/header>\s*)?<\/div>/;
const ENTRY_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

/**
 * The page with its CSS inline: it paints as soon as the HTML has arrived, without waiting on
 * a stylesheet request (the CSS is a few kilobytes; later visits use the cached app shell).
 */
export function pageHtml(
  template: string,
  manifest: ViteManifest,
  page: { html: string; state: unknown; pages: string[] },
  readCss: (file: string) => string,
): string {
  const assets = pageAssets(manifest, page.pages, template);
  const style = (file: string) => `<style data-href="/${file}">${readCss(file)}</style>`;
  // The code starts once the page has loaded (deferred-start.ts): the entry, then whatever
  // index.html preloads, then the page's own chunks.
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  const preloaded = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const modules = entry ? [entry, ...preloaded, ...assets.js.map((f) => `/${f}`)] : [];
  const head = assets.css.map(style).join('');
  // React puts the preloads of the page's first images at the start of its markup; in the head
  // they are found before the styles and scripts, so the largest image starts loading first.
  const preloads = /^(?:<link rel="preload"[^>]*>)+/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(preloads.length);
  const state = `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${scriptSafeJson(page.state)}</script>`;
  return (
    template
      // The page is readable without scripts: its images and styles come first, the code after.
      .replace(MODULE_PRELOAD, '')
      .replace(ENTRY_SCRIPT, () => deferredStartElement(modules))
      .replace(STYLESHEET_LINK, (_link, file: string) => style(file))
      .replace('<meta charset="UTF-8" />', (charset) => `${charset}${preloads}`)
      .replace('</head>', () => `${head}</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>${state}`)
  );
}
