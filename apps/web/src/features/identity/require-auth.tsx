import type { ReactNode } from 'react';

/** Guards the admin area. Sign-in arrives with the identity issue; until then everyone passes. */
export function RequireAuth({ children }: { children: ReactNode }) {
  return children;
}
