/**
 * People type "example.com/menu" where the contract asks for a web address with its scheme; such a
 * host and path get `https://`. Anything with a scheme of its own, or no dotted host, is left for the
 * contract to judge, so "javascript:…" is still refused.
 */
export function withWebScheme(value: string): string {
  const typed = value.trim();
  return /^[^\s:/?#@]+\.[^\s:/?#@]+([/?#:]\S*)?$/.test(typed) ? `https://${typed}` : value;
}
