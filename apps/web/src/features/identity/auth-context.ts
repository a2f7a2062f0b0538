import { createContext, useContext } from 'react';

/** Who is signed in, as the ID token says (the provider's userinfo does not take our access token). */
export interface SignedInUser {
  email: string;
  name: string;
}

/** Spec §4 "Sign-in state": authenticated, loading, user and error. */
export interface SignInState {
  authenticated: boolean;
  loading: boolean;
  user: SignedInUser | null;
  error: string | null;
}

export interface Auth extends SignInState {
  /** Sends the browser to the provider; `returnPath` (default: the current path) is where it comes back to. */
  login: (returnPath?: string) => Promise<void>;
  /** Forgets the cached tokens and signs out at the provider, which sends the browser home. */
  logout: () => Promise<void>;
  /** A fresh access token (refreshed when it has under 60 s left), or null when signed out. */
  getAccessToken: () => Promise<string | null>;
}

export const AuthContext = createContext<Auth | null>(null);

/** The sign-in state and actions; only inside the identity provider (the /admin and /auth routes). */
export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth() is used outside the AuthProvider');
  return auth;
}
