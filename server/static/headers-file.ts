import { headerPattern } from '../../pipeline/headers';

/** Rules of a Netlify/Cloudflare-style `_headers` file: a path pattern, then indented `Name: value` lines. */
export type HeaderRules = { pattern: RegExp; headers: [string, string][] }[];

export function parseHeadersFile(text: string): HeaderRules {
  const rules: HeaderRules = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: headerPattern(line.trim()), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && separator > 0)
      rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}
