import { useTranslation } from '../platform/i18n/useTranslation';

/** The first focusable element of every page: straight to its content past the header's menus (hidden until focused). */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className="skip-link" href="#main-content">
      {t('skipToContent')}
    </a>
  );
}
