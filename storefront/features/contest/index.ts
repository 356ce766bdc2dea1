// The contest feature as other features and pages see it: import it from here, never from its files.
export { ContestForm } from './ContestForm';
export { PollBox } from './PollBox';
