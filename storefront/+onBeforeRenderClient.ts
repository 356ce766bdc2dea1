import { createOperationDescriptor, getRequest, type Disposable } from 'relay-runtime';
import type { PageContextClient } from 'vike/types';
import { browserI18n, loadBrowserTexts } from './platform/i18n/browserI18n';
import { installReloadGuard } from './platform/navigation/reloadGuard';
import { browserEnvironment } from './platform/relay/browserEnvironment';
import { commitPageQuery, type PageQueryData } from './platform/relay/pageQuery';
import { hydrateAsTransition } from './shell/hydrateAsTransition';
import { yieldToBrowser } from './shell/yieldToBrowser';

let pageRetain: Disposable | undefined;

/**
 * Just before hydration (first load) or before rendering the next page: the page query's answer goes into
 * the browser's Relay store, so hydration makes no request. The page's data is retained while it is
 * shown; the previous page's is released (Relay may then collect it). On the first load each step gets a task
 * of its own (shell/yieldToBrowser.ts); a client navigation runs them at once.
 */
export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  installReloadGuard();
  const hydration = pageContext.isHydration;
  if (hydration) {
    hydrateAsTransition();
    await yieldToBrowser();
  }
  await loadBrowserTexts(pageContext.locale, pageContext.config.formTexts !== false);
  browserI18n(pageContext.locale);
  if (hydration) await yieldToBrowser();
  const data = pageContext.data as PageQueryData | null | undefined;
  const pageQuery = pageContext.config.pageQuery;
  if (!data || !pageQuery) return;
  // Before hydration the page's extra code must be loaded (on client navigation the data hook did it).
  if (hydration) await pageQuery.prepare?.(data.response?.data);
  const environment = browserEnvironment();
  const retain = data.response?.data
    ? commitPageQuery(environment, pageQuery.query, data.variables, data.response.data)
    : environment.retain(createOperationDescriptor(getRequest(pageQuery.query), data.variables));
  pageRetain?.dispose();
  pageRetain = retain;
  if (hydration) await yieldToBrowser();
}
