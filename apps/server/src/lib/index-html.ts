// The web app's index.html for a page, naming what the page will ask for at once, so a phone
// fetches it alongside the entry instead of a round trip or two later: the page's code
// (<link rel="modulepreload">; apps/web/build/route-preloads.ts writes the list at build time)
// and the API reads its first render needs (<link rel="preload" as="fetch">, with
// `crossorigin` so its credentials mode is apiFetch's 'same-origin': otherwise the browser
// would not reuse it and would fetch twice). Only the reads the visitor may make are named: one
// sent away from the page (signed out, or without the role) asks the API nothing it would refuse
// with 401 or 403. Built once per page and set of reads, and kept in memory.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PATHS } from '@pitstop/shared/web-routes';

type PageName = keyof typeof PATHS;

// Every page shows who is signed in and the business's name; the catalogue page its services.
const EVERY_PAGE_READS = ['/api/me', '/api/business'];
const PAGE_READS: Partial<Record<PageName, string[]>> = {
  services: ['/api/services'],
  booking: ['/api/services'],
  profile: ['/api/profile', '/api/appointments/mine'],
  adminTechnicians: ['/api/technicians'],
  technicianOnboarding: ['/api/technician/onboarding'],
  technicianDashboard: ['/api/technician/dashboard'],
  techPortalDashboard: ['/api/technician/dashboard'],
};

const pageByPath = new Map<string, PageName>(
  (Object.entries(PATHS) as [PageName, string][]).map(([name, pagePath]) => [pagePath, name]),
);

/** Whether the visitor asking for the page may make an API read (its path). */
export type MayRead = (path: string) => Promise<boolean>;

/**
 * Returns the HTML for a request's URL: index.html with the page's preloads, if it has any, of
 * its reads only those `mayRead` allows.
 */
export function createIndexHtml(root: string): (url: string, mayRead: MayRead) => Promise<string> {
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const listFile = path.join(root, 'route-preloads.json');
  const preloads: Partial<Record<PageName, string[]>> = existsSync(listFile)
    ? JSON.parse(readFileSync(listFile, 'utf8'))
    : {};
  const cache = new Map<string, string>();

  return async (url, mayRead) => {
    const pathname = (url.split(/[?#]/)[0] ?? '/').replace(/(.)\/$/, '$1');
    const page = pageByPath.get(pathname) ?? null;
    const candidates = page ? [...EVERY_PAGE_READS, ...(PAGE_READS[page] ?? [])] : [];
    const allowed = await Promise.all(candidates.map(mayRead));
    const reads = candidates.filter((_read, index) => allowed[index]);
    const key = `${page ?? ''} ${reads.join(' ')}`;
    let html = cache.get(key);
    if (html === undefined) {
      const code = (page ? (preloads[page] ?? []) : []).map(
        (file) => `<link rel="modulepreload" crossorigin href="/${encodeURI(file)}">`,
      );
      const fetches = reads.map(
        (read) => `<link rel="preload" as="fetch" crossorigin href="${read}">`,
      );
      const links = [...code, ...fetches].join('');
      html = links ? template.replace('</head>', `${links}</head>`) : template;
      cache.set(key, html);
    }
    return html;
  };
}
