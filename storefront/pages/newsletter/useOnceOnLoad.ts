import { useEffect, useRef, useState } from 'react';

export type LinkResult = 'pending' | 'done' | 'failed';

/**
 * Runs a link's action once after hydration (never on the server: a crawler or a mail scanner fetching
 * the HTML does not confirm or unsubscribe anything) and answers its state for the result page.
 */
export function useOnceOnLoad(action: (() => Promise<boolean>) | null): LinkResult {
  const [state, setState] = useState<LinkResult>(action ? 'pending' : 'failed');
  const started = useRef(false);
  useEffect(() => {
    if (!action || started.current) return;
    started.current = true;
    void action().then((ok) => setState(ok ? 'done' : 'failed'));
  }, [action]);
  return state;
}
