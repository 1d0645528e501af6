// Framework-free: the OBS overlay and the widgets (plain-DOM bundles) read their public JSON with it.

/** GET `url` as JSON with no cookies and no HTTP cache; a non-2xx answer throws. */
export async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
