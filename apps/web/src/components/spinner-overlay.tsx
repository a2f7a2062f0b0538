import { Loader } from '@mantine/core';

/** Spec §9: the overlay stacks at 3000, above Mantine's modals (200), popovers (300) and notifications (400). */
export const SPINNER_OVERLAY_Z_INDEX = 3000;

export function SpinnerOverlay() {
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        width: '100vw',
        height: '100vh',
        zIndex: SPINNER_OVERLAY_Z_INDEX,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: 'rgba(0, 0, 0, 0.35)',
      }}
    >
      <Loader size="lg" />
    </div>
  );
}
