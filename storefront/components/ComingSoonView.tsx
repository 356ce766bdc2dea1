import { useTranslation } from 'react-i18next';
import styles from './ComingSoonView.module.css';

/** The body of a page the router knows whose content comes later: its title and "content coming soon". */
export function ComingSoonView({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <section className={styles.comingSoon} aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <h2>{t('comingSoon.title')}</h2>
      <p>{t('comingSoon.text')}</p>
    </section>
  );
}
