/**
 * A download's file name from something a user typed ("Café menü", "東京"), the same from the API's
 * Content-Disposition and the web app's saves: their letters kept, and only what file systems refuse
 * (path separators, reserved punctuation, control characters) replaced. `otherwise` names it when
 * nothing is left.
 */
export function fileNameOf(typed: string, otherwise: string): string {
  return (
    typed
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
      .trim()
      .slice(0, 80) || otherwise
  );
}
