/** Options object → query pairs, as the API reads them: OG `variables` become parameters of their own. */
type QueryValue = string | number | boolean | null | undefined;

export function queryPairs(options: object): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(options) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    if (name === "variables" && typeof value === "object") {
      for (const [variable, text] of Object.entries(value as Record<string, QueryValue>))
        if (text !== undefined && text !== null) pairs.push([variable, String(text)]);
    } else if (typeof value === "object") {
      // A JSON-valued parameter (headers, cookies) given as an object: the query carries it as JSON.
      pairs.push([name, JSON.stringify(value)]);
    } else pairs.push([name, String(value)]);
  }
  return pairs;
}
