/**
 * The yardstick `npm run bench:scale` prints beside its own figures: Hugo's CPU time per page
 * added, measured on the same machine in the same run. The aim of 1 ms of CPU per page added was
 * set from Hugo's figure on this machine (0.72–1.09 ms); the machine's speed varies from hour to
 * hour by more than the gap between a good build and a bad one, so the comparison only holds
 * when both are measured together.
 *
 * The site is made to look like ours at its largest: one page per pre-rented record, with a
 * header of a dozen menu links, a card of the record's terms, a footer listing the localities
 * with their counts (a taxonomy), and a listing page per locality. Built with Debian's `hugo`
 * (`apt-get install hugo`); without it the reference is left out.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const LOCALITIES = [
  'golfCourseRoad',
  'mgRoad',
  'golfCourseExtension',
  'sohnaRoad',
  'dwarkaExpressway',
  'dwarkaDelhi',
];

const LAYOUTS: Record<string, string> = {
  'partials/header.html': `<header class="header"><a href="/" class="logo"><img src="/logo.svg" width="220" height="48" alt="Regal Estates"></a><nav aria-label="Main"><ul>{{ range $i, $e := (seq 12) }}<li><a href="/section-{{ $i }}/" class="link">Section {{ $i }}</a></li>{{ end }}</ul></nav><a href="tel:+919811045678" class="call"><svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><path d="M22 16.9v3a2 2 0 0 1-2.2 2"></path></svg>+91 98110 45678</a></header>`,
  'partials/footer.html': `<footer class="footer"><p>Regal Estates Gurgaon is a founder-led real-estate advisory.</p><address>Office 1204, Spaze iTech Park, Sohna Road</address><ul>{{ range $.Site.Taxonomies.localities.ByCount }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }} ({{ .Count }} Properties)</a></li>{{ end }}</ul><p>© {{ now.Year }} Regal Estates Gurgaon.</p></footer>`,
  '_default/baseof.html': `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title><meta name="description" content="{{ .Summary | plainify }}"><link rel="canonical" href="{{ .Permalink }}"></head><body>{{ partial "header.html" . }}<main>{{ block "main" . }}{{ end }}</main>{{ partial "footer.html" . }}</body></html>`,
  '_default/single.html': `{{ define "main" }}<article><h1>{{ .Title }}</h1><p class="rent">₹{{ lang.FormatNumber 0 .Params.rent }}/month</p><dl>{{ range $k, $v := .Params }}{{ if ne $k "title" }}<div><dt>{{ $k }}</dt><dd>{{ $v }}</dd></div>{{ end }}{{ end }}</dl>{{ .Content }}</article>{{ end }}`,
  '_default/list.html': `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> ₹{{ .Params.rent }}</li>{{ end }}</ul>{{ end }}`,
};

/** Writes a Hugo site of `pages` records (two per tenant, spread over the localities) under `dir`. */
export async function writeHugoSite(dir: string, pages: number): Promise<void> {
  await mkdir(join(dir, 'content/tenants'), { recursive: true });
  await writeFile(
    join(dir, 'hugo.toml'),
    'baseURL = "https://example.com/"\ntitle = "Regal Estates"\ndisableKinds = ["RSS"]\n[taxonomies]\nlocality = "localities"\n',
  );
  for (const [file, text] of Object.entries(LAYOUTS)) {
    await mkdir(dirname(join(dir, 'layouts', file)), { recursive: true });
    await writeFile(join(dir, 'layouts', file), `${text}\n`);
  }
  for (let i = 0; i < pages; i += 1) {
    const locality = LOCALITIES[i % LOCALITIES.length] ?? '';
    const tenant = `Tenant ${Math.floor(i / 2)}`;
    await writeFile(
      join(dir, 'content/tenants', `t-${i}.md`),
      `---\ntitle: "${tenant}"\nrent: ${400_000 + i}\narea: ${2000 + i}\nbuilding: "Building ${i % 300}"\nlocalities: ["${locality}"]\nlockin: "3 years"\nescalation: "15% - 3yrs"\n---\nA pre-rented property leased to ${tenant} in ${locality}, with the terms of its lease.\n`,
    );
  }
}

/** Whether `hugo` runs here. */
export function hugoInstalled(): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn('hugo', ['version'], { stdio: 'ignore' });
    child.on('error', () => done(false));
    child.on('close', (code) => done(code === 0));
  });
}
