import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { SpinnerOverlay } from './spinner-overlay';

export interface GlobalLoading {
  loading: boolean;
  show: () => void;
  hide: () => void;
}

const GlobalLoadingContext = createContext<GlobalLoading | null>(null);

/** Holds the app-wide loading flag and draws the full-screen spinner while it is on. */
export function GlobalLoadingProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(false);
  const show = useCallback(() => setLoading(true), []);
  const hide = useCallback(() => setLoading(false), []);
  const value = useMemo(() => ({ loading, show, hide }), [loading, show, hide]);

  return (
    <GlobalLoadingContext.Provider value={value}>
      {children}
      {loading && <SpinnerOverlay />}
    </GlobalLoadingContext.Provider>
  );
}

export function useGlobalLoading(): GlobalLoading {
  const context = useContext(GlobalLoadingContext);
  if (context === null) {
    throw new Error('useGlobalLoading must be used inside GlobalLoadingProvider');
  }
  return context;
}
