import { useGlobalLoading } from '../components/global-loading';

/** Buttons that drive the global loading flag, standing in for whatever will show and hide it. */
export function LoadingControls() {
  const { show, hide } = useGlobalLoading();
  return (
    <>
      <button onClick={show}>Start loading</button>
      <button onClick={hide}>Finish loading</button>
    </>
  );
}
