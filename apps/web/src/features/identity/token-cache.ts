/**
 * Spec §1: the token cache is kept in local storage. keycloak-js keeps tokens in memory only, so we
 * save them on every change and hand them back at init (DESIGN §6). The return path lives here too.
 */
export const TOKEN_CACHE_KEY = 'qr-platform.auth.tokens';
export const RETURN_PATH_KEY = 'qr-platform.auth.return-path';

export interface CachedTokens {
  token: string;
  refreshToken: string;
  idToken?: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readTokens(): CachedTokens | null {
  try {
    const raw = storage()?.getItem(TOKEN_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CachedTokens>;
    if (typeof parsed.token !== 'string' || typeof parsed.refreshToken !== 'string') return null;
    return {
      token: parsed.token,
      refreshToken: parsed.refreshToken,
      idToken: typeof parsed.idToken === 'string' ? parsed.idToken : undefined,
    };
  } catch {
    return null;
  }
}

export function saveTokens(tokens: CachedTokens): void {
  storage()?.setItem(TOKEN_CACHE_KEY, JSON.stringify(tokens));
}

export function clearTokens(): void {
  storage()?.removeItem(TOKEN_CACHE_KEY);
}

/** Only same-app paths are kept, so a crafted value cannot send the user to another site. */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth/');
}

export function saveReturnPath(path: string): void {
  if (isAppPath(path)) storage()?.setItem(RETURN_PATH_KEY, path);
}

/** The stored return path, removed as it is read. */
export function takeReturnPath(): string | null {
  const path = storage()?.getItem(RETURN_PATH_KEY) ?? null;
  storage()?.removeItem(RETURN_PATH_KEY);
  return path !== null && isAppPath(path) ? path : null;
}
