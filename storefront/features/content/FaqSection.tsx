import { useId } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { jsonForScript } from '../../platform/seo/productJsonLd';
import styles from './FaqSection.module.css';
import type { FaqSection_article$key } from './__generated__/FaqSection_article.graphql';

/** schema.org FAQPage of the questions shown (https://schema.org/FAQPage). */
export function faqStructuredData(entries: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
  };
}

/**
 * A topic's questions and answers as an accordion (<details>/<summary>: keyboard and screen readers know
 * it, and it works without JavaScript), with the same questions as schema.org FAQPage JSON-LD. The JSON is
 * escaped for a script element by jsonForScript and never holds HTML.
 */
export function FaqSection({ article }: { article: FaqSection_article$key }) {
  const { t } = usePageTexts('content', contentTexts);
  const headingId = useId();
  const { faq } = useFragment(
    graphql`
      fragment FaqSection_article on Article {
        faq {
          question
          answer
        }
      }
    `,
    article,
  );
  if (faq.length === 0) return null;
  return (
    <section className={styles.faq} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('faq.title')}
      </h2>
      {faq.map((entry) => (
        <details key={entry.question} className={styles.entry}>
          <summary className={styles.question}>{entry.question}</summary>
          <p className={styles.answer}>{entry.answer}</p>
        </details>
      ))}
      <script type="application/ld+json" data-testid="faq-json-ld" dangerouslySetInnerHTML={{ __html: jsonForScript(faqStructuredData(faq)) }} />
    </section>
  );
}
