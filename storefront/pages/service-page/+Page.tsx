import { usePageContext } from 'vike-react/usePageContext';
import { ArticlePageLayout, ContactForm } from '../../features/content';
import { SERVICE_PAGES } from '../../platform/i18n/contentPages';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { ServicePagePageQuery as ServicePagePageQueryType } from './__generated__/ServicePagePageQuery.graphql';
import { ServicePagePageQuery } from './ServicePagePage.query';

export default function Page() {
  const data = usePageQuery<ServicePagePageQueryType>(ServicePagePageQuery);
  const { urlPathname, locale } = usePageContext();
  // The contact page (/s/kontakt · /it/s/contatto · /fr/s/contact) carries the contact form below its text.
  const contact = urlPathname.toLowerCase() === SERVICE_PAGES.contact[locale];
  return (
    <ArticlePageLayout query={data} article={data.article}>
      {contact && data.article ? <ContactForm /> : null}
    </ArticlePageLayout>
  );
}
