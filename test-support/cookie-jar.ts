/**
 * A browser's cookies for one site, as far as tests need them: `Set-Cookie` answers kept
 * (deleted when expired), sent back as `Cookie`; the CSRF token read from `csrftoken`, as the
 * web app's script reads it.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly site: string) {}

  /** Keeps the cookies a response sets. */
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired || pair.slice(equals + 1) === '') this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(equals + 1));
    }
    return response;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The `Cookie` header, or none. */
  header(): Record<string, string> {
    return this.cookies.size === 0
      ? {}
      : { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  /**
   * A request of the page: its cookies, and for a form or an unsafe method the CSRF header
   * (unless `csrf: false`).
   */
  async fetch(
    path: string,
    init: { method?: string; form?: Record<string, string>; csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const method = init.method ?? (init.form ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...this.header(), ...init.headers };
    const token = this.cookies.get('csrftoken');
    if (method !== 'GET' && method !== 'HEAD' && init.csrf !== false && token) headers['x-csrftoken'] = token;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    return this.take(
      await fetch(`${this.site}${path}`, {
        method,
        headers,
        redirect: 'manual',
        ...(body === undefined ? {} : { body }),
      }),
    );
  }
}
