// Talking to the reference server outside the measurements: encoding parameters as the
// wire codec expects them, Basic auth, and `api.call` for scenario setups.

/** Form-encodes parameters: strings as they are, anything else as JSON (`true`, `[1,2]`). */
export function encodeForm(params) {
  if (typeof params === 'string') return params;
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form.toString();
}

/** The Authorization header of a demo account (`{ email, key }`), or none. */
export function authHeaders(account) {
  if (!account) return {};
  return { authorization: `Basic ${Buffer.from(`${account.email}:${account.key}`).toString('base64')}` };
}

/**
 * `api.call(method, path, params?, { as? })` sends one request as the demo account `as`
 * (default 'owner'; null for none) and returns the parsed success response, or throws.
 * GET parameters travel in the query string, the others in a form body.
 */
export function createApi(origin, accounts) {
  async function call(method, path, params = {}, { as = 'owner' } = {}) {
    if (as !== null && !accounts[as])
      throw new Error(`no demo account '${as}' (have: ${Object.keys(accounts).join(', ')})`);
    const form = encodeForm(params);
    const inQuery = method === 'GET' || method === 'HEAD';
    const url = `${origin}${path}${inQuery && form ? `${path.includes('?') ? '&' : '?'}${form}` : ''}`;
    const headers = { ...authHeaders(as === null ? null : accounts[as]) };
    if (!inQuery) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method, headers, body: inQuery ? undefined : form });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // reported below
    }
    if (!response.ok || json?.result !== 'success') {
      throw new Error(`setup: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return json;
  }
  return { origin, accounts, call };
}
