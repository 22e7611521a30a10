/**
 * A strict reader of the Prometheus text exposition format (0.0.4): every line must be a
 * comment, a HELP or TYPE line, or a sample; anything else throws. Enough to show that what
 * /metrics answers is what a Prometheus server would scrape.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

/** A value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any letter case). */
function parseValue(text: string, line: string): number {
  const special = /^([-+]?)(inf|infinity|nan)$/i.exec(text);
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return Number.NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    throw new Error(`not a number: ${text} in ${line}`);
  }
  return Number(text);
}

/** `{a="1",b="x\"y"}` from position `start` (at the brace); answers the labels and the end. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('=', i);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`bad label name ${name} in ${line}`);
    if (line[eq + 1] !== '"') throw new Error(`label value not quoted in ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] === '\\') {
        const next = line[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in ${line}`);
      } else value += line[j];
    }
    if (j >= line.length) throw new Error(`unterminated label value in ${line}`);
    if (name in labels) throw new Error(`label ${name} twice in ${line}`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`expected , or } in ${line}`);
  }
  return { labels, end: i + 1 };
}

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map<string, Family>();
  const familyOf = (name: string) => {
    let family = families.get(name);
    if (!family) families.set(name, (family = { name, type: 'untyped', help: '', samples: [] }));
    return family;
  };
  const owner = (sample: string) => {
    if (families.has(sample)) return families.get(sample)!;
    const suffix = SUFFIXES.find(
      (s) => sample.endsWith(s) && families.has(sample.slice(0, -s.length)),
    );
    return familyOf(suffix ? sample.slice(0, -suffix.length) : sample);
  };
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (!METRIC_NAME.test(name!)) throw new Error(`bad metric name in ${line}`);
      const family = familyOf(name!);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest!)) throw new Error(`unknown type in ${line}`);
        family.type = rest!;
      } else family.help = rest!;
      continue;
    }
    if (line.startsWith('#')) continue;
    const nameEnd = line.search(/[{ ]/);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`bad sample name in ${line}`);
    let rest = nameEnd;
    let labels: Record<string, string> = {};
    if (line[nameEnd] === '{') ({ labels, end: rest } = parseLabels(line, nameEnd));
    const fields = line.slice(rest).trim().split(/ +/);
    if (fields.length < 1 || fields.length > 2) throw new Error(`bad sample ${line}`);
    owner(name).samples.push({ name, labels, value: parseValue(fields[0]!, line) });
  }
  return families;
}

/** The value of the one sample of `name` whose labels include `labels`, or undefined. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    for (const s of family.samples) {
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) {
        return s.value;
      }
    }
  }
  return undefined;
}
