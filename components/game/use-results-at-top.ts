import { useEffect } from "react";

/** When the game ends (or a reload lands on its end), the page opens at the top: the winner. */
export function useResultsAtTop(ended: boolean): void {
  useEffect(() => {
    if (ended) window.scrollTo({ top: 0 });
  }, [ended]);
}
