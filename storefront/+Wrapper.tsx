import type { ReactNode } from 'react';
import type { i18n } from 'i18next';
import type { Environment } from 'relay-runtime';
import { I18nextProvider } from 'react-i18next';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import './ui/tokens.css';
import { ErrorView } from './shell/ErrorView';
import { SkipLink } from './shell/SkipLink';
import { browserI18n } from './platform/i18n/browserI18n';
import { serverI18n } from './platform/i18n/serverI18n';
import { ShopLocaleContext } from './platform/i18n/useTranslation';
import { browserEnvironment } from './platform/relay/browserEnvironment';
import { commitPageQuery, type PageQueryData } from './platform/relay/pageQuery';
import { createServerEnvironment } from './platform/relay/serverEnvironment';

interface RenderContext {
  environment: Environment;
  i18n: i18n;
}

// One Relay environment per server render, kept with the render's page context.
const serverRenders = new WeakMap<object, RenderContext>();

function serverRenderContext(pageContext: PageContext): RenderContext {
  let context = serverRenders.get(pageContext);
  if (!context) {
    const environment = createServerEnvironment(pageContext.runGraphQL);
    const data = pageContext.data as PageQueryData | null | undefined;
    const pageQuery = pageContext.config.pageQuery;
    if (pageQuery && data?.response?.data) commitPageQuery(environment, pageQuery.query, data.variables, data.response.data);
    context = { environment, i18n: serverI18n(pageContext.locale) };
    serverRenders.set(pageContext, context);
  }
  return context;
}

/**
 * Around every page: its Relay environment (filled with the page query's answer before rendering) and
 * its language, and the skip link to its content. A page whose data failed (408/500/502/503) shows the error view instead.
 */
export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext();
  const { environment, i18n } = import.meta.env.SSR
    ? serverRenderContext(pageContext)
    : { environment: browserEnvironment(), i18n: browserI18n(pageContext.locale) };
  const data = pageContext.data as PageQueryData | null | undefined;
  const failed = data != null && data.status >= 400 && data.status !== 404;
  return (
    <RelayEnvironmentProvider environment={environment}>
      <I18nextProvider i18n={i18n}>
        <ShopLocaleContext.Provider value={pageContext.locale}>
          <SkipLink />
          {failed ? <ErrorView status={data.status} /> : children}
        </ShopLocaleContext.Provider>
      </I18nextProvider>
    </RelayEnvironmentProvider>
  );
}
