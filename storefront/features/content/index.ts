// The content feature as other features and pages see it: import it from here, never from its files.
export { ArticleMagazine, magazineHref } from './ArticleMagazine';
export { ArticlePageLayout } from './ArticlePageLayout';
export { BrandOverview } from './BrandOverview';
export { BrandPageView } from './BrandPageView';
export { CmsPage } from './CmsPage';
export { useCmsPageSurroundings } from './cmsPageContext';
export { ContactForm } from './ContactForm';
export { FaqSection } from './FaqSection';
export { HomePageView } from './HomePageView';
export type { LandingPageView } from './LandingPageView';
export { LegalPageLayout } from './LegalPageLayout';
export { operatorOfPage } from './operatorArea';
export { StyleGuideView } from './StyleGuideView';
