import { useEffect, useRef, useState } from 'react';

/** ready: the link's form is shown (the server's page, before the scripts); then pending, done or failed. */
export type LinkResult = 'ready' | 'pending' | 'done' | 'failed';

/**
 * Runs a link's action once after hydration (never on the server: a crawler or a mail scanner fetching the HTML does
 * not confirm or unsubscribe anything) and answers its state for the result page. Until then the page shows the
 * link's form (MailLinkForm), whose button does the same without scripts. `refused`: the server already answered a
 * post of that form with a refusal: nothing runs again.
 */
export function useOnceOnLoad(action: (() => Promise<boolean>) | null, refused = false): LinkResult {
  const [state, setState] = useState<LinkResult>(action && !refused ? 'ready' : 'failed');
  const started = useRef(false);
  useEffect(() => {
    if (!action || refused || started.current) return;
    started.current = true;
    setState('pending');
    void action().then((ok) => setState(ok ? 'done' : 'failed'));
  }, [action, refused]);
  return state;
}
