import { renderToString } from 'react-dom/server';
import { I18nextProvider, Trans, useTranslation as reactI18nextUseTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { serverI18n } from '../../storefront/platform/i18n/serverI18n';
import { useTranslation } from '../../storefront/platform/i18n/useTranslation';

// The server's own useTranslation (storefront/platform/i18n/useTranslation.ts): the same texts as i18next gives, per
// language, with and without options, while plain texts are looked up once.

function ReviewTexts({ count }: { count: number }) {
  const { t } = useTranslation('product');
  return (
    <p>
      {t('reviews.heading')} | {t('reviews.count', { count })}
    </p>
  );
}

// without React's text separators (<!-- -->)
const render = (locale: 'de' | 'it' | 'fr', count: number) =>
  renderToString(
    <I18nextProvider i18n={serverI18n(locale)}>
      <ReviewTexts count={count} />
    </I18nextProvider>,
  ).replaceAll('<!-- -->', '');

describe('the server’s useTranslation', () => {
  it('is the server’s own hook under SSR (vitest renders as the server does)', () => {
    expect(import.meta.env.SSR).toBe(true);
    expect(useTranslation).not.toBe(reactI18nextUseTranslation);
  });

  it('gives each language its own texts, the same as i18next itself, with plurals and interpolation', () => {
    for (const locale of ['de', 'it', 'fr'] as const) {
      const t = serverI18n(locale).getFixedT(null, 'product');
      const expected = `<p>${t('reviews.heading')} | ${t('reviews.count', { count: 3 })}</p>`;
      expect(render(locale, 3)).toBe(expected);
    }
    expect(render('fr', 1)).not.toBe(render('fr', 3));
    expect(render('de', 3)).not.toBe(render('fr', 3));
  });

  it('answers a kept plain text the same on every render, whatever language rendered in between', () => {
    const first = render('it', 2);
    render('de', 2);
    render('fr', 2);
    expect(render('it', 2)).toBe(first);
  });

  it('works for <Trans t={t}>, which reads the namespace from t (the checkout’s terms checkbox)', () => {
    function Terms() {
      const { t } = useTranslation('checkout');
      return <Trans t={t} i18nKey="order.terms" components={{ terms: <a href="/agb" /> }} />;
    }
    const html = renderToString(
      <I18nextProvider i18n={serverI18n('de')}>
        <Terms />
      </I18nextProvider>,
    );
    expect(html).toBe('Ich habe die <a href="/agb">AGB</a> gelesen und akzeptiere sie.');
  });
});
