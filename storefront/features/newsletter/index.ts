// The newsletter feature as other features and pages see it: import it from here, never from its files.
export { NewsletterConfirm } from './NewsletterConfirm';
export { NEWSLETTER_RESULT_PARAMETER } from './newsletterForm';
export { NewsletterResult } from './NewsletterResult';
export { NewsletterSetting } from './NewsletterSetting';
export { NewsletterSignup } from './NewsletterSignup';
export { NewsletterSubscribeForm } from './NewsletterSubscribeForm';
export { NewsletterUnsubscribe } from './NewsletterUnsubscribe';
