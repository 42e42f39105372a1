/** The seeded users' passwords, for the tests that sign in as them. */
export const demoPasswords: Record<string, string> = { admin: 'admin123', editor: 'editor123', shipper: 'shipper123' };

/**
 * The API of a running app known only by its address (a browser test's, a bench's server), over
 * plain HTTP. `url` may be read late: a suite's app starts in its beforeAll.
 */
export const httpApi = (url: string | (() => string)) => {
  const base = () => (typeof url === 'string' ? url : url());
  /** The answer's envelope, a refusal as much as a success. */
  const call = async <T = any>(method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base()}/api/1.0${path}`, {
      method,
      headers: {
        ...(token && { authorization: token }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as { code: number; message: string; data: T };
  };
  /** The answer's data; a refused call fails with the server's message. */
  const ok = async <T = any>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
    const json = await call<T>(method, path, token, body);
    if (json.code !== 20000) throw new Error(`${method} ${path}: ${json.message}`);
    return json.data;
  };
  /** The authorization header's value for a user (a demo user's password is known). */
  const login = async (username: string, password = demoPasswords[username]) => {
    const data = await ok('POST', '/system/users/login', undefined, { username, password });
    return `${data.token_type} ${data.access_token}` as string;
  };
  /** An inbound made and submitted, awaiting the warehouse; received too when `inboundDate` is given. */
  const inbound = async (token: string, body: object, inboundDate?: string) => {
    const doc = await ok<{ id: number; orderNo: string }>('POST', '/inventory/inbounds', token, body);
    await ok('POST', `/inventory/inbounds/${doc.id}/submit`, token, {});
    if (inboundDate) await ok('POST', `/inventory/inbounds/${doc.id}/confirm`, token, { inboundDate });
    return doc;
  };
  return { call, ok, login, inbound };
};

/** Calls as one signed-in user, answering the envelope: the bench's parts count refusals, not fail on them. */
export const asUser = (url: string, token: string) => {
  const { call } = httpApi(url);
  return (method: string, path: string, body?: unknown) => call(method, path, token, body);
};
