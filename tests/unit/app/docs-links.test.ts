/**
 * Every relative link in README.md, docs/ and bench/results.md names a file that exists, and a
 * link reading "decision NNN" opens record NNN (README once sent "decision 020" to 018's file).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Link {
  line: number;
  /** The link as written, code spans included. */
  source: string;
  text: string;
  target: string;
}

/** Blank out what is not prose (fences, code spans, comments), keeping every offset. */
function prose(markdown: string): string {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, (code) => `c${blank(code.slice(1))}`);
}

function linksIn(markdown: string): Link[] {
  const text = prose(markdown);
  const links: Link[] = [];
  const add = (match: RegExpMatchArray, linkText: string, target: string) => {
    const index = match.index!;
    const line = text.slice(0, index).split('\n').length;
    const source = markdown.slice(index, index + match[0].length).trim();
    links.push({ line, source, text: linkText.trim(), target });
  };
  const inline = /!?\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
  for (const match of text.matchAll(inline)) {
    add(match, match[1]!, match[2]!);
  }
  for (const match of text.matchAll(/^ {0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s|$)/gm)) {
    add(match, match[1]!, match[2]!);
  }
  for (const match of text.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) {
    add(match, '', match[1]!);
  }
  return links;
}

/** What is wrong with one file's relative links; [] when nothing is. */
function brokenLinks(file: string, markdown: string): string[] {
  const problems: string[] = [];
  for (const { line, source, text, target } of linksIn(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    const where = `${path.relative(ROOT, file)}:${line} ${source}`;
    const relative = decodeURIComponent(target.replace(/[#?].*$/, ''));
    const resolved = path.resolve(path.dirname(file), relative);
    if (!fs.existsSync(resolved)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    const decision = /^decision\s+(\d{3})\b/i.exec(text);
    if (decision && !path.basename(resolved).startsWith(`${decision[1]}-`)) {
      problems.push(`${where}: decision ${decision[1]} links to another record`);
    }
  }
  return problems;
}

function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name));
  return [path.join(ROOT, 'README.md'), path.join(ROOT, 'bench', 'results.md'), ...docs];
}

describe('links in the documentation', () => {
  it('every relative link names a file that exists, and "decision NNN" opens record NNN', () => {
    const files = documents();
    const problems = files.flatMap((file) => brokenLinks(file, fs.readFileSync(file, 'utf8')));
    const checked = files.flatMap((file) => linksIn(fs.readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
    expect(files.length).toBeGreaterThan(30);
    expect(checked.length).toBeGreaterThan(50);
  });

  it('finds a missing file, a record under the wrong number, and skips code and other sites', () => {
    const readme = path.join(ROOT, 'README.md');
    const sample = [
      'See [the guide](docs/nowhere.md#part) and [decision 020](docs/decisions/018-stateless-instances.md).',
      'Fine: [decision 018](docs/decisions/018-stateless-instances.md), [ops](docs/OPERATIONS.md#watching-it),',
      '[site](https://example.edu/x.md), [mail](mailto:a@b.c), [here](#run-it), `[code](nowhere.md)`.',
      '```md',
      '[fenced](nowhere.md)',
      '```',
    ].join('\n');
    expect(brokenLinks(readme, sample)).toEqual([
      'README.md:1 [the guide](docs/nowhere.md#part): no such file',
      'README.md:1 [decision 020](docs/decisions/018-stateless-instances.md): decision 020 links to another record',
    ]);
  });
});
