/** Signs a demo or bench user in through the real API and returns the session cookie. */
export async function signIn(
  base: string,
  email: string,
  password = 'campus-demo-1',
): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
