/** How links into the organization begin, worked out once per organization URL. */
export interface RealmBase {
  realmUrl: string;
  /** The organization's URL with one trailing slash: what its relative links resolve against. */
  base: string;
  /** The host of its links (`URL` parsing is costly: parsed once here). */
  host: string | undefined;
  /** The beginnings of links to its narrows (`…/#narrow/…`) and to its uploads. */
  narrows: string;
  uploads: string;
}

let last: RealmBase = { realmUrl: '', base: '', host: undefined, narrows: '', uploads: '' };

/** The {@link RealmBase} of `realmUrl` (the last one is kept: a server has one organization URL). */
export function realmBaseOf(realmUrl: string): RealmBase {
  if (last.realmUrl !== realmUrl || last.base === '') {
    const base = `${realmUrl.replace(/\/+$/, '')}/`;
    last = { realmUrl, base, host: parseHref('/', base)?.host, narrows: `${base}#`, uploads: `${base}user_uploads/` };
  }
  return last;
}

/** `href` parsed against `base`, or undefined when it is no URL. */
export function parseHref(href: string, base: string): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}
