/**
 * A browser reduced to what a sign-in needs: cookies per origin and redirects followed by hand,
 * so that a test can stop at any step (e.g. just before the callback) and look at it.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** One request; redirects are not followed. `form` makes it a form POST. */
  async request(
    url: string | URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(target);
    if (cookie) headers['cookie'] = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.store(target, response.headers.getSetCookie());
    return response;
  }

  /**
   * Follows redirects from `url` until an answer that is not a redirect, or until `stopAt` says
   * the next URL is where the test wants to look (that URL is then returned without being opened).
   */
  async follow(
    url: string | URL,
    options: {
      stopAt?: (next: URL) => boolean;
      onPage?: (page: URL, response: Response) => Promise<URL | null>;
    } = {},
  ): Promise<{ url: URL; response: Response | null }> {
    let current = new URL(url);
    for (let hop = 0; hop < 20; hop++) {
      if (hop > 0 && options.stopAt?.(current)) return { url: current, response: null };
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        current = new URL(location, current);
        continue;
      }
      const next = options.onPage ? await options.onPage(current, response) : null;
      if (!next) return { url: current, response };
      current = next;
    }
    throw new Error(`Too many redirects from ${String(url)}`);
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(new URL(origin).origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    this.jar(new URL(origin)).set(name, value);
  }

  private cookieHeader(url: URL): string {
    return [...this.jar(url)].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(url: URL, setCookies: string[]): void {
    const jar = this.jar(url);
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some(
        (attribute) =>
          /^max-age=(0|-\d+)$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now()),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  private jar(url: URL): Map<string, string> {
    let jar = this.jars.get(url.origin);
    if (!jar) {
      jar = new Map();
      this.jars.set(url.origin, jar);
    }
    return jar;
  }
}
